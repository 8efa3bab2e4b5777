import type { RouteAnswers } from '../../contract/answers';
import type { RouteInputs } from '../../contract/inputs';
import { apiRoutes, type RouteName } from '../../contract/routes';
import { fetchJson, fetchOk, writeHeaders, type WriteContext } from './client';

/**
 * The typed API client: a route is named as in the API's route table (`contract/routes.ts`), its
 * `{id}` path parameters are filled in (encoded), its method is the table's, its body is what the
 * route's handler reads (`contract/inputs.ts`: required where it takes one, none otherwise), and
 * its answer type is the contract's (`contract/answers.ts`).
 *
 * @example
 * const rooms = await callApi('listRooms', { params: { projectId } }); // GET /api/projects/{projectId}/rooms
 */

type PathOf<N extends RouteName> = (typeof apiRoutes)[N]['path'];
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type ParamsOf<N extends RouteName> = [ParamNames<PathOf<N>>] extends [never] ? { params?: never } : { params: Record<ParamNames<PathOf<N>>, string> };

type BodyOf<N extends RouteName> = N extends keyof RouteInputs ? { body: RouteInputs[N] } : { body?: never };

export type CallOptions<N extends RouteName> = ParamsOf<N> & BodyOf<N> & { query?: Record<string, string>; write?: WriteContext };
/** The options argument, optional for a route without path parameters or body. */
type OptionsArg<N extends RouteName> = [ParamNames<PathOf<N>> | Extract<N, keyof RouteInputs>] extends [never] ? [options?: CallOptions<N>] : [options: CallOptions<N>];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Fails to compile when the contract's answers and the route table's routes are not the same list. */
export type AnswersMatchManifest = Assert<Same<keyof RouteAnswers, RouteName>>;

/** The path of a call: the route table's path with its parameters filled in, and the query, if any (for a plain link, too). */
export function routePath(name: RouteName, params: Record<string, string> = {}, query?: Record<string, string>): string {
  const path = apiRoutes[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

export function callApi<N extends RouteName>(name: N, ...[options]: OptionsArg<N>): Promise<RouteAnswers[N]> {
  return fetchJson<RouteAnswers[N]>(apiRoutes[name].method, routePath(name, options?.params, options?.query), options?.body, options?.write && writeHeaders(options.write));
}

/** The same call, answering the unread response (for a file such as the PDF export). */
export function callApiForResponse<N extends RouteName>(name: N, ...[options]: OptionsArg<N>): Promise<Response> {
  return fetchOk(apiRoutes[name].method, routePath(name, options?.params, options?.query), options?.body);
}
