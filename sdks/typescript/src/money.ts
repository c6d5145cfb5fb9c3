/**
 * Exact decimal arithmetic for money: amounts are never held in a floating-point number. A decimal
 * is read as a whole-number mantissa and a scale (`2.50` is 250 × 10⁻²), costs are summed in
 * BigInt and rounded once, half-even, to nano-dollars, as the server does (docs/ingest.md section 5).
 */

/** A plain non-negative decimal: digits, optionally a point and more digits (`0.0183`, `12`). */
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal as an exact fraction: `mantissa / 10^scale`. */
export interface Decimal {
  readonly mantissa: bigint;
  readonly scale: number;
}

/** Reads a plain decimal (`"2.50"`); undefined when `text` is not one (signs, exponents, spaces). */
export function parseDecimal(text: string): Decimal | undefined {
  const m = PLAIN_DECIMAL.exec(text);
  if (m === null) {
    return undefined;
  }
  const fraction = m[2] ?? '';
  return { mantissa: BigInt(m[1] + fraction), scale: fraction.length };
}

/**
 * A finite non-negative number in plain notation, with exactly the digits JavaScript prints for it
 * (`1e-8` → `"0.00000001"`, `0.1 + 0.2` → `"0.30000000000000004"`): the shortest decimal that reads
 * back as the same number, never a longer binary expansion.
 */
export function plainNumber(value: number): string {
  const printed = String(value);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(printed);
  if (m === null) {
    return printed;
  }
  const digits = m[1] + (m[2] ?? '');
  // Position of the decimal point counted from the start of `digits`.
  const point = m[1].length + Number(m[3]);
  if (point <= 0) {
    return '0.' + '0'.repeat(-point) + digits;
  }
  if (point >= digits.length) {
    return digits + '0'.repeat(point - digits.length);
  }
  return digits.slice(0, point) + '.' + digits.slice(point);
}

/** `numerator / denominator` rounded half-even to a whole number (both non-negative, denominator > 0). */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) {
    return quotient + 1n;
  }
  return quotient;
}

/** Nano-dollars as a plain USD decimal without trailing zeros: `5730000n` → `"0.00573"`, `0n` → `"0"`. */
export function nanosToUsd(nanos: bigint): string {
  if (nanos < 0n) {
    throw new RangeError('a cost must not be negative: ' + nanos + ' nano-dollars');
  }
  const whole = nanos / 1_000_000_000n;
  const fraction = (nanos % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : whole + '.' + fraction;
}
