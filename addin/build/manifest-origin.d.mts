export declare const DEV_ORIGIN: string;
export declare function parseAddinOrigin(raw: string): string;
export declare function manifestForOrigin(xml: string, origin: string): string;
