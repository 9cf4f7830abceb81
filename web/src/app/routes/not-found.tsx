// Placeholder page: replaced by the feature that owns it.
export default function Page() {
  return <main>not-found</main>;
}
