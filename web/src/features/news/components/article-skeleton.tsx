/** The article page's placeholder: badge, headline, byline, hero and paragraph shapes. No animation. */
export function ArticleSkeleton() {
  return (
    <div className="mx-auto max-w-3xl" aria-busy="true">
      <p className="sr-only" role="status">
        Loading article…
      </p>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <div className="flex gap-2">
          <div className="h-6 w-24 bg-grey-light" />
          <div className="h-6 w-24 bg-grey-light" />
        </div>
        <div className="h-12 w-full bg-grey-light md:h-16" />
        <div className="h-12 w-3/4 bg-grey-light md:h-16" />
        <div className="h-5 w-48 bg-grey-light" />
        <div className="mt-2 aspect-video w-full bg-grey-light" />
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="mt-3 flex flex-col gap-2">
            <div className="h-5 w-full bg-grey-light" />
            <div className="h-5 w-full bg-grey-light" />
            <div className="h-5 w-2/3 bg-grey-light" />
          </div>
        ))}
      </div>
    </div>
  );
}
