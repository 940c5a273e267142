/** Render the embed view. */
export function bootEmbed(): void {
  document.getElementById('root')!.textContent = '';
}
