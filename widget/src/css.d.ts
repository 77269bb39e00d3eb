// The embed build loads the stylesheet as text (tsup loader 'text') and injects it.
declare module '*.css' {
  const text: string
  export default text
}
