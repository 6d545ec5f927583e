/** A CLI's arguments split into positionals and `--flag value` pairs; anything else is a usage error. */
export interface ParsedArguments {
  positionals: string[];
  /** Each flag's values in the order given (a flag may be repeated). */
  flags: Map<string, string[]>;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Every flag takes a value; a flag not in `known` is refused rather than ignored, so a typo does not silently change what runs. */
export function parseArguments(args: readonly string[], known: readonly string[], usage: string): ParsedArguments {
  const positionals: string[] = [];
  const flags = new Map<string, string[]>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const value = args[index + 1];
    if (!known.includes(arg)) throw new UsageError(`unknown option ${arg}; ${usage}`);
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value; ${usage}`);
    flags.set(arg, [...(flags.get(arg) ?? []), value]);
    index += 1;
  }
  return { positionals, flags };
}

/** The flag's one value; given twice it is a usage error (which one was meant?). */
export function singleFlag(parsed: ParsedArguments, flag: string, usage: string): string | undefined {
  const values = parsed.flags.get(flag) ?? [];
  if (values.length > 1) throw new UsageError(`${flag} given ${values.length} times; ${usage}`);
  return values[0];
}

/** A record id typed on the command line: digits only, so "12abc" or "1e3" is refused instead of read as something else. */
export function parseId(text: string | undefined, what: string): number {
  const id = /^\d{1,15}$/.test(text ?? '') ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(`${what} must be a positive integer, got ${JSON.stringify(text ?? '')}`);
  return id;
}
