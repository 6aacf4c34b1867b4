/** Types of build-server.mjs (plain JavaScript, so that building the server needs nothing but esbuild). */
export declare const SERVER_OUT_DIR: string;
export function buildServer(): Promise<void>;
export function buildServerScript(entry: string, fileName: string): Promise<string>;
