import { describe, expect, it } from 'vitest';
import { TransitionHandlerRegistry } from './transitionHandlers';

describe('TransitionHandlerRegistry', () => {
  it('refuses a second handler of the same name', () => {
    const registry = new TransitionHandlerRegistry();
    registry.register('writeBack', () => undefined);
    expect(() => registry.register('writeBack', () => undefined)).toThrow(
      'A transition handler "writeBack" is already registered',
    );
  });

  it('lists the handlers metadata names but nobody registered, by lifecycle and action', () => {
    const registry = new TransitionHandlerRegistry();
    registry.register('known', () => undefined);
    const lifecycles = [
      {
        name: 'changeInfo',
        transitions: [
          { action: 'doApprove', handler: 'known' },
          { action: 'doReject', handler: 'unknownOne' },
          { action: 'doSubmit' },
        ],
      },
    ];
    expect(registry.missing(lifecycles)).toEqual([
      'lifecycle changeInfo, doReject: handler "unknownOne" is not registered',
    ]);
  });
});
