/**
 * The Action's `working-directory`: mcplint runs there (its command, config, baseline and
 * package.json are found as if you ran it in that folder). Its paths are relative to the git root of
 * that folder; outside a work tree, to the folder itself, and then the Action puts the folder's
 * path in front of them, as annotations and code scanning read paths from the workspace root.
 */
import { isAbsolute } from 'node:path';

/** A workflow command's property value, escaped as the runner reads it. */
function escapeProperty(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::warning file=x.ts,line=3::…` becomes `::warning file=<prefix>/x.ts,line=3::…`; other lines pass. */
export function prefixAnnotationPath(line: string, prefix: string): string {
  if (!prefix) return line;
  return line.replace(/^(::[a-z]+ (?:[^:]*,)?file=)([^,:]*)/, (whole, head: string, file: string) =>
    file.startsWith('/') ? whole : `${head}${escapeProperty(`${prefix}/`)}${file}`,
  );
}

interface SarifLike {
  runs?: { results?: { locations?: { physicalLocation?: { artifactLocation?: { uri?: string; uriBaseId?: string } } }[] }[] }[];
}

/** Prefix every relative result location of a SARIF log (in place); returns how many changed. */
export function prefixSarifPaths(log: SarifLike, prefix: string): number {
  if (!prefix) return 0;
  let changed = 0;
  for (const run of log.runs ?? []) {
    for (const result of run.results ?? []) {
      for (const location of result.locations ?? []) {
        const artifact = location.physicalLocation?.artifactLocation;
        if (!artifact?.uri || artifact.uriBaseId || isAbsolute(artifact.uri) || /^[a-z][a-z0-9+.-]*:/i.test(artifact.uri)) continue;
        artifact.uri = `${prefix.split('/').map(encodeURIComponent).join('/')}/${artifact.uri}`;
        changed++;
      }
    }
  }
  return changed;
}
