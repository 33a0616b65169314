import type {
  ChartSetDef,
  DeclaredMessageDef,
  HomeChartDef,
  LifecycleDef,
  LookupTypeDef,
  MenuDef,
  MessageSetDef,
  PageDef,
  ScheduledJobDef,
} from './generated/meta-model';
import { describeAjvError, metaSchemaValidator, significantErrors } from './ajv';
import { crossCheck } from './crossCheck';
import { graftMenus } from './menuGraft';
import { documentKind, SCHEMA_FILE_BY_KIND, type SourcedDocument } from './documents';
import { EntityModel } from './entityModel';
import type { MetadataCatalog } from './metadataCatalog';
import { MetadataError, type MetadataProblem } from './problems';

/**
 * Every metadata document of the application, validated (ajv) and cross-linked. Built whole:
 * a registry either loads without a problem or throws a MetadataError naming all of them, so a
 * broken reference stops start-up instead of failing on the first request that touches it.
 */
export class MetadataRegistry implements MetadataCatalog {
  private readonly entityByName = new Map<string, EntityModel>();
  private readonly pageByPath = new Map<string, PageDef>();
  private readonly lifecycleByName = new Map<string, LifecycleDef>();
  private readonly lookupByType = new Map<string, LookupTypeDef>();
  private readonly menuList: MenuDef[] = [];
  private readonly jobByName = new Map<string, ScheduledJobDef>();
  private readonly messageByCode = new Map<string, DeclaredMessageDef>();
  private readonly chartByKey = new Map<string, HomeChartDef>();
  private graftedMenus: MenuDef[] | undefined;
  private readonly sourceOf = new Map<object, string>();

  static load(documents: SourcedDocument[]): MetadataRegistry {
    const registry = new MetadataRegistry();
    const problems = registry.addAll(documents);
    problems.push(...crossCheck(registry));
    if (problems.length) throw new MetadataError(problems);
    return registry;
  }

  private addAll(documents: SourcedDocument[]): MetadataProblem[] {
    const problems: MetadataProblem[] = [];
    for (const { source, doc } of documents) {
      const kind = documentKind(doc);
      if (!kind) {
        const notJson = doc as { kind?: unknown; error?: unknown } | null;
        if (notJson?.kind === '(not valid JSON)')
          problems.push({ document: source, pointer: '/', message: `not valid JSON: ${notJson.error}` });
        else
          problems.push({
            document: source,
            pointer: '/kind',
            message: `unknown document kind; expected one of ${Object.keys(SCHEMA_FILE_BY_KIND).join(', ')}`,
          });
        continue;
      }
      const validate = metaSchemaValidator(SCHEMA_FILE_BY_KIND[kind]);
      if (!validate(doc)) {
        for (const e of significantErrors(validate.errors ?? []))
          problems.push({ document: source, ...describeAjvError(e) });
        continue;
      }
      problems.push(...this.index(kind, doc as never, source));
    }
    return problems;
  }

  private index(kind: string, doc: never, source: string): MetadataProblem[] {
    const add = <T extends object>(map: Map<string, T>, key: string, value: T, what: string) => {
      const existing = map.get(key);
      if (existing) {
        return [
          {
            document: source,
            pointer: '/',
            message: `${what} "${key}" is defined twice (also in ${this.sourceOf.get(existing)})`,
          },
        ];
      }
      map.set(key, value);
      this.sourceOf.set(value, source);
      return [];
    };
    switch (kind) {
      case 'entity': {
        // Designed in table_model: published (db:) or a draft being validated (draft:).
        const model = new EntityModel(doc, source.startsWith('db:') || source.startsWith('draft:') ? 'db' : 'file');
        return add(this.entityByName, model.name, model, 'entity');
      }
      case 'page':
        return add(this.pageByPath, (doc as PageDef).path, doc as PageDef, 'page');
      case 'lifecycle':
        return add(this.lifecycleByName, (doc as LifecycleDef).name, doc as LifecycleDef, 'lifecycle');
      case 'lookupSet':
        return (doc as { lookups: LookupTypeDef[] }).lookups.flatMap((l) =>
          add(this.lookupByType, l.lookupType, l, 'lookup type'),
        );
      case 'menuSet':
        for (const m of (doc as { menus: MenuDef[] }).menus) this.sourceOf.set(m, source);
        this.menuList.push(...(doc as { menus: MenuDef[] }).menus);
        this.graftedMenus = undefined;
        return [];
      case 'scheduleSet':
        return (doc as { jobs: ScheduledJobDef[] }).jobs.flatMap((j) =>
          add(this.jobByName, j.name, j, 'scheduled job'),
        );
      case 'messageSet': {
        const set = doc as MessageSetDef;
        return Object.entries(set.messages).flatMap(([key, m]) =>
          add(this.messageByCode, `${set.name}.${key}`, m, 'message'),
        );
      }
      case 'chartSet':
        return (doc as ChartSetDef).charts.flatMap((c) => add(this.chartByKey, c.key, c, 'home chart'));
      default:
        return [];
    }
  }

  entity(name: string): EntityModel | undefined {
    return this.entityByName.get(name);
  }
  entities(): EntityModel[] {
    return [...this.entityByName.values()];
  }
  page(path: string): PageDef | undefined {
    return this.pageByPath.get(path);
  }
  pages(): PageDef[] {
    return [...this.pageByPath.values()];
  }
  lifecycle(name: string): LifecycleDef | undefined {
    return this.lifecycleByName.get(name);
  }
  lifecycles(): LifecycleDef[] {
    return [...this.lifecycleByName.values()];
  }
  lookupType(type: string): LookupTypeDef | undefined {
    return this.lookupByType.get(type);
  }
  lookupTypes(): LookupTypeDef[] {
    return [...this.lookupByType.values()];
  }
  /** The scheduled jobs of every scheduleSet document (the platform scheduler runs them). */
  scheduledJobs(): ScheduledJobDef[] {
    return [...this.jobByName.values()];
  }
  /** The internal home's charts of every chartSet document, in file order, then as written. */
  homeCharts(): HomeChartDef[] {
    return [...this.chartByKey.values()];
  }
  /** A declared message by its code (set name, dot, key: "contractSign.notSigning"). */
  message(code: string): DeclaredMessageDef | undefined {
    return this.messageByCode.get(code);
  }
  /** Every declared message's code. */
  messageCodes(): string[] {
    return [...this.messageByCode.keys()];
  }
  /** The sidebar tree: every menu set's entries, those with a parentMenuCode placed under that directory. */
  menus(): MenuDef[] {
    this.graftedMenus ??= graftMenus(this.menuList, (copy, of) => this.sourceOf.set(copy, this.source(of)));
    return this.graftedMenus;
  }
  /** The menu sets' top-level entries as written, before placing them (for the checks' document pointers). */
  menuEntries(): MenuDef[] {
    return this.menuList;
  }
  source(doc: object): string {
    return this.sourceOf.get(doc) ?? '(unknown)';
  }

  /** The entity addressed by an API resource name such as "srmBaseExchangeRateRestful". */
  entityForResource(resource: string): EntityModel | undefined {
    return resource.endsWith('Restful') ? this.entity(resource.slice(0, -'Restful'.length)) : undefined;
  }

  /** Entities a page touches: its own, its line entities, and every reference target (for findPage and permissions). */
  pageEntities(page: PageDef): EntityModel[] {
    const result = new Map<string, EntityModel>();
    const visit = (name: string | undefined, withChildren: boolean) => {
      const model = name ? this.entity(name) : undefined;
      if (!model || result.has(model.name)) return;
      result.set(model.name, model);
      for (const f of model.fields) if (f.reference) visit(f.reference.entity, false);
      if (withChildren) for (const c of model.children) visit(c.entity, true);
    };
    visit(page.entity, true);
    for (const name of page.references ?? []) visit(name, false);
    // A line pick's source: the picker shows its rows with the source's own field definitions.
    for (const lines of page.form?.lines ?? []) if (lines.pick) visit(lines.pick.entity, false);
    return [...result.values()];
  }
}
