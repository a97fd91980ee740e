/** One thing wrong with a schema or with a value validated against one. */
export interface SchemaProblem {
  /** JSON pointer into the validated value (or into the schema, for schema errors). */
  readonly pointer: string;
  readonly message: string;
}
