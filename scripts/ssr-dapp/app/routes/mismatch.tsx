export default function Mismatch() {
  return <p>{typeof window === 'undefined' ? 'Rendered on the server' : 'Rendered in the browser'}</p>
}
