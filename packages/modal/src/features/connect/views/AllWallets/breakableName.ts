/**
 * A wallet's name cut where a line may break inside a long word: before an opening bracket and after a closing
 * one or a dot, dash, underscore or slash ("Safe{Wallet}" → "Safe", "{Wallet}"). The tile joins the parts with
 * <wbr>, so the text (and the accessible name) stays the same.
 */
export function breakableName(name: string): string[] {
  return name.split(/(?=[{([])|(?<=[})\].\-_/])/).filter(Boolean)
}
