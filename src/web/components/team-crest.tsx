/** A generated crest: the team's initials on a colour derived from its name (no downloads). */
export function TeamCrest({ name, size = 56 }: { name: string; size?: number }) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  const hue = Math.abs(hash) % 360;
  const initials = name
    .split(/[\s-]+/)
    .filter((w) => /^[\p{L}\d]/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <svg width={size} height={size} viewBox="0 0 56 56" aria-hidden="true">
      <path
        d="M28 2 L52 10 V28 C52 42 41 51 28 54 C15 51 4 42 4 28 V10 Z"
        fill={`hsl(${hue} 55% 38%)`}
        stroke={`hsl(${hue} 55% 25%)`}
        strokeWidth="2"
      />
      <text
        x="28"
        y="34"
        textAnchor="middle"
        fontSize="18"
        fontWeight="700"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        {initials}
      </text>
    </svg>
  );
}
