export declare const SERVER_V8_FLAGS: readonly string[];
export declare function serverNodeArgs(entry?: string): string[];
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
