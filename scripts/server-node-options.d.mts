/** See server-node-options.mjs. */
export declare const SERVER_NODE_OPTIONS: string[];
