import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeController } from '../exchange/exchangeController';
import { FilesController } from '../files/filesController';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let docsOff: TestServer;
beforeAll(async () => {
  server = await startTestServer('api_docs');
  docsOff = await startTestServer('api_docs_off', { apiDocs: false });
});
afterAll(async () => {
  await server?.close();
  await docsOff?.close();
});

const get = (s: TestServer, path: string) => fetch(`${s.baseUrl}${path}`);

const json = async (res: Response): Promise<any> => res.json();

/** Every route a controller declares, as "METHOD /path" (a handler may have several paths). */
function controllerRoutes(controller: new (...args: never[]) => unknown): string[] {
  const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
  const proto = controller.prototype as object;
  return Object.getOwnPropertyNames(proto)
    .filter((name) => name !== 'constructor')
    .flatMap((name) => {
      const handler = Object.getOwnPropertyDescriptor(proto, name)?.value as unknown; // not a getter's value
      if (typeof handler !== 'function') return [];
      const route = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (route === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      return [route].flat().map((r) => `${method} /${base}/${r}`);
    });
}

describe('the API description (/api/openapi.json, /api/docs)', () => {
  it('is served without appsign or session, generated from the metadata in use', async () => {
    const res = await get(server, '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = await json(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/srmServer/v1/srmBaseExchangeRateRestful/listByPage'].post).toBeDefined();
    expect(doc.paths['/api/baseServer/v1/baseLoginRestful/login'].post.security).toBeUndefined();
    expect(doc.components.schemas.SrmBaseExchangeRateRecord.properties.rate).toBeDefined();
  });

  it('documents every route of the file server and exchange controllers', async () => {
    const doc = await json(await get(server, '/api/openapi.json'));
    const routes = [...controllerRoutes(FilesController), ...controllerRoutes(ExchangeController)];
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const [method, path] = route.split(' ');
      expect(doc.paths[path]?.[method.toLowerCase()], route).toBeDefined();
    }
  });

  it("shows a lifecycle transition's input fields, typed by the record schema, under its action and aliases", async () => {
    const doc = await json(await get(server, '/api/openapi.json'));
    const base = '/api/srmServer/v1/srmSpePerformanceRestful';
    for (const action of ['doAcceptAppeal', 'saveAfterScore']) {
      const schema = doc.paths[`${base}/${action}`].post.requestBody.content['application/json'].schema;
      expect(schema.allOf[1]).toMatchObject({
        properties: { totalScore: { $ref: '#/components/schemas/SrmSpePerformanceRecord/properties/totalScore' } },
        required: ['totalScore'],
      });
    }
    expect(doc.components.schemas.SrmSpePerformanceRecord.properties.totalScore).toBeDefined();
    const rectify = doc.paths[`${base}/doRectification`].post.requestBody.content['application/json'].schema;
    expect(rectify.allOf[1].required).toEqual(['rectifyRequirement']);
    expect(Object.keys(rectify.allOf[1].properties)).toEqual(['rectifyRequirement', 'rectifyDeadline']);
  });

  it('documents every registered custom action', async () => {
    const doc = await json(await get(server, '/api/openapi.json'));
    for (const action of server.kernel.actions.list()) {
      expect(
        doc.paths[`/api/${action.area}/v1/${action.resource}/${action.action}`]?.post,
        `${action.resource}/${action.action}`,
      ).toBeDefined();
    }
  });

  it('renders it for people with the Swagger UI files, and serves nothing else from the package', async () => {
    const page = await get(server, '/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('docs/assets/swagger-ui-bundle.js');
    const bundle = await get(server, '/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    expect((await get(server, '/api/docs/assets/init.js')).status).toBe(200);
    expect((await get(server, '/api/docs/assets/package.json')).status).toBe(404);
    expect((await get(server, '/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });

  it('other GET requests under /api still need appsign', async () => {
    expect((await get(server, '/api/docsx')).status).toBe(401);
  });

  it('is turned off by API_DOCS=false', async () => {
    expect((await get(docsOff, '/api/openapi.json')).status).toBe(404);
    expect((await get(docsOff, '/api/docs')).status).toBe(404);
  });
});
