// sonner for `import()` (see `chunksFollowEntry` in `ui/build.mjs`): the toast
// library arrives on first use (`lib/toast.ts`, `components/ui/Toaster.tsx`).
export { Toaster, toast } from "sonner";
