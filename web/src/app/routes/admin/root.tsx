// Placeholder page: replaced by the feature that owns it.
export default function Page() {
  return <main>root</main>;
}
