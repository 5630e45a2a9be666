export interface HttpsOptions {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}
export declare function certPaths(dir: string): { ca: string; cert: string; key: string };
export declare function uninstalledHttpsOptions(dir?: string, log?: (m: string) => void): Promise<HttpsOptions>;
export declare function devHttpsOptions(): Promise<HttpsOptions>;
