/** See server-node-options.mjs. */
export declare const SERVER_NODE_OPTIONS: string[];
/** See server-node-options.mjs. */
export declare const COMPILED_SERVER_NODE_OPTIONS: string[];
/** See server-node-options.mjs. */
export declare const SERVER_MALLOC_ENV: Record<string, string>;
/** See server-node-options.mjs. */
export declare const EMBEDDED_MALLOC_ENV: Record<string, string>;
/** See server-node-options.mjs. */
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
