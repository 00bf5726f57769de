/** A role started in this process; `stop` ends it gracefully (the work in hand is finished). */
export interface RunningRole {
  readonly name: string;
  stop(): Promise<void>;
}
