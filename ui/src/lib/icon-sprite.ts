/** The icon sprite's URL, set by the build (`iconSprite` in `build.mjs`). */
declare const __ICON_SPRITE__: string;

/** Where a `<use>` finds the sprite's symbol `id`. */
export function spriteSymbol(id: string): string {
  return `${__ICON_SPRITE__}#${id}`;
}
