/**
 * SLOT for the no-clone path (working on GitHub's copy of trustwallet/assets without downloading it).
 * Another change builds it; until then this renders nothing, so the folder step promises nothing that
 * does not work. It sits in the folder step right under "Where the registry comes from".
 */
export function NoClonePath() {
  return null;
}
