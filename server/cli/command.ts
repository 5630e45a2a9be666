// What every command group under server/cli/ exports: server/cli.ts dispatches to them by name.
export interface CliCommand {
  summary: string;
  run(args: string[]): Promise<number>;
}
