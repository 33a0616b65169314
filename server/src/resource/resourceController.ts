import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Errors } from '../http/apiError';
import { success, type Envelope } from '../http/envelope';
import { requestLanguage } from '../http/language';
import { KERNEL, type Kernel } from '../kernel';
import type { ResourceContext } from './context';
import { GENERIC_ACTIONS, type GenericAction } from './resourceService';

const AREAS = new Set(['baseServer', 'srmServer', 'fileServer', 'exportServer', 'messageServer', 'bpmServer', 'schedule', 'ruleEngineServer']);

/**
 * POST /api/{area}/v1/{resource}Restful/{action} (and the zuul/baseServer alias). Thin: it resolves
 * the endpoint to a registered custom action or an entity's generic action and hands over.
 */
@Controller('api')
export class ResourceController {
  constructor(@Inject(KERNEL) private readonly kernel: Kernel) {}

  @Get('health')
  async health(): Promise<Envelope> {
    await this.kernel.db.select('SELECT 1 AS ok');
    return success({ status: 'UP', database: this.kernel.config.dbKind });
  }

  @Post([':area/v1/:resource/:action', 'zuul/:area/v1/:resource/:action'])
  @HttpCode(200)
  async call(@Param('area') area: string, @Param('resource') resource: string, @Param('action') action: string,
    @Body() body: unknown, @Req() req: FastifyRequest): Promise<Envelope> {
    if (!AREAS.has(area)) throw Errors.notFound('未知的服务区域', `Unknown area "${area}"`);
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw Errors.badRequest('请求内容必须是 JSON 对象', 'The request body must be a JSON object');
    }
    const payload = (body ?? {}) as Record<string, unknown>;
    const ctx = this.contextOf(req);
    const custom = this.kernel.actions.find(resource, action);
    if (custom && custom.area === area) {
      const result = await custom.handler(payload, ctx, this.kernel);
      return success(result.data, result.msg, result.page);
    }
    const entity = this.kernel.registry.entityForResource(resource);
    if (!entity || entity.def.exposed === false || entity.area !== area) {
      throw Errors.notFound('接口不存在', `No resource ${resource} in ${area}`);
    }
    const transition = this.kernel.lifecycles.transitionFor(entity, action);
    if (transition) {
      const result = await this.kernel.lifecycles.run(entity, transition, payload, ctx);
      return success(result.data, result.msg, result.page);
    }
    if (!(GENERIC_ACTIONS as readonly string[]).includes(action)) throw Errors.notFound('接口不存在', `${resource} has no action "${action}"`);
    const result = await this.kernel.resources.run(action as GenericAction, entity, payload, ctx);
    return success(result.data, result.msg, result.page);
  }

  private contextOf(req: FastifyRequest): ResourceContext {
    // Identity (sessions, responsibilities) arrives with the access issue; until then calls are anonymous.
    return { userId: null, language: requestLanguage(req), vars: {} };
  }
}
