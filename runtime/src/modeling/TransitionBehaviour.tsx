/**
 * The "behaviour" of one transition in the lifecycle designer: its effects, guard and timer. It is
 * folded under a button so that the transition row stays one readable line; it opens by itself
 * when the server names a problem inside it, so the message is seen where it belongs.
 */
import { Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacedError } from './draftErrors';
import { EffectsEditor } from './EffectsEditor';
import { ChecksEditor, TimerEditor } from './GuardTimerEditor';

const BEHAVIOUR = new Set(['effects', 'checks', 'timer']);

/** Whether a placed error is about this transition's effects, checks or timer. */
export function concernsBehaviour(error: PlacedError, transition: number): boolean {
  const [list, index, part] = error.path ?? [];
  return list === 'transitions' && index === transition && BEHAVIOUR.has(String(part));
}

/** The toggle and a one-word summary (how many effects, whether it has a guard or timer). */
export function BehaviourToggle({
  transition,
  open,
  onToggle,
}: {
  transition: number;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const effects = (Form.useWatch(['transitions', transition, 'effects']) as unknown[] | undefined)?.filter(Boolean);
  const checks = (Form.useWatch(['transitions', transition, 'checks']) as unknown[] | undefined)?.filter(Boolean);
  const timer = Form.useWatch(['transitions', transition, 'timer']) as unknown;
  const summary = [
    effects?.length ? t('modeling.behaviour.effectCount', { count: effects.length }) : '',
    checks?.length ? t('modeling.behaviour.checks') : '',
    timer ? t('modeling.behaviour.timer') : '',
  ].filter(Boolean);
  return (
    <Button aria-expanded={open} aria-label={t('modeling.behaviour.section')} onClick={onToggle}>
      {t('modeling.behaviour.section')}
      {summary.length ? ` · ${summary.join(' · ')}` : ''}
    </Button>
  );
}

export function TransitionBehaviour({ transition }: { transition: number }) {
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ width: '100%' }} aria-label={t('modeling.behaviour.section')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          <strong>{t('modeling.behaviour.effects')}</strong>
          <EffectsEditor transition={transition} />
        </div>
        <div>
          <strong>{t('modeling.behaviour.checks')}</strong>
          <ChecksEditor transition={transition} />
        </div>
        <div>
          <strong>{t('modeling.behaviour.timer')}</strong>
          <div>
            <TimerEditor transition={transition} />
          </div>
        </div>
      </Space>
    </Card>
  );
}

/**
 * Open state of a row's behaviour: closed at first; open while an error concerns it — in the very
 * render the errors arrive, so that their items exist when the form places the messages on them.
 */
export function useBehaviourOpen(transition: number, errors: PlacedError[]): [boolean, () => void] {
  const [open, setOpen] = useState(false);
  const flagged = errors.some((e) => concernsBehaviour(e, transition));
  return [open || flagged, () => setOpen((o) => !o)];
}
