/** See server-node-options.mjs. */
export declare const SERVER_NODE_OPTIONS: string[];
/** See server-node-options.mjs. */
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
