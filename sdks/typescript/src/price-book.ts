import { BUNDLED_PRICE_LINES } from './generated/price-book.js';
import { type Decimal, divideHalfEven, nanosToUsd, parseDecimal } from './money.js';

/**
 * The list price of one model from one UTC day on, in US dollars per million tokens, as written in
 * the price book (`2.50` stays `"2.50"`).
 */
export interface ModelPrice {
  readonly provider: string;
  readonly model: string;
  /** `YYYY-MM-DD`: the first UTC day the price applies. */
  readonly effectiveFrom: string;
  readonly inputPerMillionUsd: string;
  readonly cachedInputPerMillionUsd: string;
  readonly outputPerMillionUsd: string;
}

/** What a call's tokens cost, or that the book has no price for it. */
export interface CostEstimate {
  /** False when the book has no price for the model on that day: `costUsd` is then `"0"`, meaning unknown. */
  readonly priced: boolean;
  /** The cost in USD as an exact plain decimal (`"0.00573"`), rounded half-even to nano-dollars. */
  readonly costUsd: string;
  /** The same cost in nano-dollars (10⁻⁹ USD). */
  readonly costNanos: bigint;
  /** The price used, when priced. */
  readonly price?: ModelPrice;
}

/** The tokens of one call, as the price book counts them. */
export interface TokenUsage {
  /** All input tokens, cached ones included (and cache writes, which are priced as input). */
  readonly inputTokens: number;
  /** Input tokens read from the provider's cache, priced at the cached-input price. */
  readonly cachedInputTokens?: number;
  readonly outputTokens: number;
}

interface Version {
  readonly price: ModelPrice;
  readonly input: Decimal;
  readonly cachedInput: Decimal;
  readonly output: Decimal;
}

/** The highest price a line may give, in USD per million tokens (as the server's loader): a higher one is a typo. */
const MAX_PRICE = 10_000n;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A snapshot date at the end of a model id: `-20250929` or `-2024-08-06`. */
const DATE_SUFFIX = /-(\d{8}|\d{4}-\d{2}-\d{2})$/;

/**
 * The versioned model price book, read and applied exactly as the Spendline server does
 * (docs/pricing.md): provider and model match in any case; a price applies from its effective UTC
 * day until the next version of the same model; a model id ending in a snapshot date without a line
 * of its own is priced as the id without the date; a call costs (input − cached input) × input price
 * + cached input × cached price + output × output price, per million tokens, exact, rounded half-even
 * once to nano-dollars.
 */
export class PriceBook {
  private readonly versions: Map<string, Version[]>;

  private constructor(lines: Iterable<ModelPrice>) {
    const byModel = new Map<string, Map<string, Version>>();
    for (const price of lines) {
      const key = PriceBook.key(price.provider, price.model);
      let versions = byModel.get(key);
      if (versions === undefined) {
        versions = new Map();
        byModel.set(key, versions);
      }
      // A later line for the same provider, model and day replaces the earlier one (an override).
      versions.set(price.effectiveFrom, {
        price,
        input: parseDecimal(price.inputPerMillionUsd)!,
        cachedInput: parseDecimal(price.cachedInputPerMillionUsd)!,
        output: parseDecimal(price.outputPerMillionUsd)!,
      });
    }
    this.versions = new Map();
    for (const [key, versions] of byModel) {
      this.versions.set(
        key,
        [...versions.values()].sort((a, b) => (a.price.effectiveFrom < b.price.effectiveFrom ? -1 : 1)),
      );
    }
  }

  private static bundledBook: PriceBook | undefined;

  /** The book shipped with this package: the server's bundled `price-book.csv` at build time. */
  static bundled(): PriceBook {
    PriceBook.bundledBook ??= new PriceBook(PriceBook.parse(BUNDLED_PRICE_LINES.join('\n'), 'the bundled price book'));
    return PriceBook.bundledBook;
  }

  /**
   * The bundled book with your own price lines on top (the format of the server's
   * `spendline.pricing.price-book-file`): a line replaces a bundled one with the same provider,
   * model and effective date, and adds the others. Use the same lines as your Spendline server.
   *
   * @throws Error naming the line of the first malformed one
   */
  static withOverrides(csv: string): PriceBook {
    return new PriceBook([...PriceBook.bundled().prices(), ...PriceBook.parse(csv, 'the price lines given')]);
  }

  /** A book of exactly these lines, nothing bundled. */
  static of(csv: string): PriceBook {
    return new PriceBook(PriceBook.parse(csv, 'the price lines given'));
  }

  /**
   * Reads price lines: `provider,model,effective_from,input,cached_input,output` (USD per million
   * tokens); blank lines and lines starting with `#` are skipped.
   *
   * @throws Error naming the line of the first malformed one
   */
  static parse(csv: string, source = 'the price lines given'): ModelPrice[] {
    const prices: ModelPrice[] = [];
    csv.split(/\r?\n/).forEach((raw, index) => {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) {
        return;
      }
      const invalid = (problem: string) => new Error(`Price book ${source}, line ${index + 1}: ${problem}`);
      const f = line.split(',').map((s) => s.trim());
      if (f.length !== 6) {
        throw invalid('expected 6 columns (provider,model,effective_from,input,cached_input,output)');
      }
      const [provider, model, effectiveFrom, input, cachedInput, output] = f as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      if (provider === '') {
        throw invalid('provider is empty');
      }
      if (model === '') {
        throw invalid('model is empty');
      }
      if (!isDate(effectiveFrom)) {
        throw invalid('effective_from must be a date like 2025-04-14');
      }
      for (const value of [input, cachedInput, output]) {
        const d = parseDecimal(value);
        if (d === undefined) {
          throw invalid(`'${value}' is not a price`);
        }
        if (d.mantissa > MAX_PRICE * 10n ** BigInt(d.scale)) {
          throw invalid('prices must be between 0 and 10000 USD per million tokens');
        }
      }
      prices.push(
        Object.freeze({
          provider,
          model,
          effectiveFrom,
          inputPerMillionUsd: input,
          cachedInputPerMillionUsd: cachedInput,
          outputPerMillionUsd: output,
        }),
      );
    });
    return prices;
  }

  /** Every line of the book, oldest version of each model first. */
  prices(): ModelPrice[] {
    return [...this.versions.values()].flatMap((versions) => versions.map((v) => v.price));
  }

  /** The price in force for the model on the UTC day of `at`, if the book has one. */
  priceAt(provider: string, model: string, at: Date): ModelPrice | undefined {
    return this.versionAt(provider, model, at)?.price;
  }

  /**
   * What `usage` of `model` cost on the UTC day of `at`. A model without a price that day (unknown,
   * in-house, or a day before its first price) gives `{priced: false, costUsd: "0"}`: 0 is how an
   * event says its cost is unknown (docs/ingest.md section 5); its tokens still count.
   */
  cost(provider: string, model: string, at: Date, usage: TokenUsage): CostEstimate {
    const input = count(usage.inputTokens, 'inputTokens');
    const cached = usage.cachedInputTokens === undefined ? 0n : count(usage.cachedInputTokens, 'cachedInputTokens');
    const output = count(usage.outputTokens, 'outputTokens');
    const version = this.versionAt(provider, model, at);
    if (version === undefined) {
      return Object.freeze({ priced: false, costUsd: '0', costNanos: 0n });
    }
    const uncached = input > cached ? input - cached : 0n;
    // Σ tokens × price over a common scale; USD = Σ / 10^scale / 10^6, so nano-dollars = Σ × 10^3 / 10^scale.
    const scale = Math.max(version.input.scale, version.cachedInput.scale, version.output.scale);
    const atScale = (d: Decimal) => d.mantissa * 10n ** BigInt(scale - d.scale);
    const sum = uncached * atScale(version.input) + cached * atScale(version.cachedInput) + output * atScale(version.output);
    const costNanos = divideHalfEven(sum * 1_000n, 10n ** BigInt(scale));
    return Object.freeze({ priced: true, costUsd: nanosToUsd(costNanos), costNanos, price: version.price });
  }

  private versionAt(provider: string, model: string, at: Date): Version | undefined {
    if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
      throw new TypeError('the time of the call must be a valid Date');
    }
    let versions = this.versions.get(PriceBook.key(provider, model));
    if (versions === undefined) {
      // SDKs report the snapshot the provider answered with (claude-sonnet-4-5-20250929,
      // gpt-4o-2024-08-06): a snapshot without a line of its own costs what its model costs.
      const snapshot = DATE_SUFFIX.exec(model);
      versions = snapshot === null ? undefined : this.versions.get(PriceBook.key(provider, model.slice(0, snapshot.index)));
    }
    if (versions === undefined) {
      return undefined;
    }
    const day = at.toISOString().slice(0, 10);
    let found: Version | undefined;
    for (const v of versions) {
      if (v.price.effectiveFrom > day) {
        break;
      }
      found = v;
    }
    return found;
  }

  private static key(provider: string, model: string): string {
    return provider.toLowerCase() + '/' + model.toLowerCase();
  }
}

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) {
    return false;
  }
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

function count(value: number, name: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`${name} must be a whole number of at least 0: ${String(value)}`);
  }
  return BigInt(value);
}
