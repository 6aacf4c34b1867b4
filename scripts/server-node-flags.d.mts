/** Types of server-node-flags.mjs (plain JavaScript: package.json and the Dockerfile name the same flags). */
export declare const SERVER_NODE_FLAGS: string[];
