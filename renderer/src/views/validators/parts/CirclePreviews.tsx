/** The logo as the wallet shows it: a small circle on a light and on a dark (rgb 32,32,32) background. */
export function CirclePreviews({ previews, what }: { previews: { light: string; dark: string }; what: string }) {
  return (
    <figure className="circle-previews">
      <div className="preview-pair">
        <div className="preview-tile light">
          <img src={previews.light} alt={`${what} in a circle on a light background`} width={96} height={96} />
          <span>Light</span>
        </div>
        <div className="preview-tile dark">
          <img src={previews.dark} alt={`${what} in a circle on a dark background`} width={96} height={96} />
          <span>Dark</span>
        </div>
      </div>
      <figcaption className="muted small">
        How the wallet shows it. Check that nothing important is cut off by the circle and that it reads on both backgrounds.
      </figcaption>
    </figure>
  );
}
