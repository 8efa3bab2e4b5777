import type { RouteAnswers } from '../../contract/answers';
import { apiRoutes as httpRoutes, type RouteName } from '../../contract/routes';
import { fetchJson, fetchOk } from './client';

/**
 * The typed API client: a route is named as in the manifest (`functions/routes.ts`), its `{id}`
 * path parameters are filled in (encoded), its method is the manifest's, and its answer type is
 * the contract's (`contract/answers.ts`).
 *
 * @example
 * const rooms = await callApi('listRooms', { params: { projectId } }); // GET /api/projects/{projectId}/rooms
 */

type PathOf<N extends RouteName> = (typeof httpRoutes)[N]['path'];
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type ParamsOf<N extends RouteName> = [ParamNames<PathOf<N>>] extends [never] ? { params?: never } : { params: Record<ParamNames<PathOf<N>>, string> };

export type CallOptions<N extends RouteName> = ParamsOf<N> & { body?: unknown; query?: Record<string, string> };
/** The options argument, optional for a route without path parameters. */
type OptionsArg<N extends RouteName> = [ParamNames<PathOf<N>>] extends [never] ? [options?: CallOptions<N>] : [options: CallOptions<N>];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Fails to compile when the contract's answers and the manifest's routes are not the same list. */
export type AnswersMatchManifest = Assert<Same<keyof RouteAnswers, RouteName>>;

/** The path of a call: the manifest's path with its parameters filled in, and the query, if any (for a plain link, too). */
export function routePath(name: RouteName, params: Record<string, string> = {}, query?: Record<string, string>): string {
  const path = httpRoutes[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

export function callApi<N extends RouteName>(name: N, ...[options]: OptionsArg<N>): Promise<RouteAnswers[N]> {
  return fetchJson<RouteAnswers[N]>(httpRoutes[name].method, routePath(name, options?.params, options?.query), options?.body);
}

/** The same call, answering the unread response (for a file such as the PDF export). */
export function callApiForResponse<N extends RouteName>(name: N, ...[options]: OptionsArg<N>): Promise<Response> {
  return fetchOk(httpRoutes[name].method, routePath(name, options?.params, options?.query), options?.body);
}
