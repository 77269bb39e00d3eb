/** Public URL of a media file of a content item: `{base}/{contentMetadataId}/{fileName}`. */
export function mediaUrl(base: string, contentMetadataId: number, fileName: string): string
export function mediaUrl(base: string, contentMetadataId: number, fileName: string | null): string | null
export function mediaUrl(base: string, contentMetadataId: number, fileName: string | null): string | null {
  if (!fileName) return null
  return `${base}/${contentMetadataId}/${encodeURIComponent(fileName)}`
}
