/** "1 result", "12 results". */
export const resultCount = (count: number) => `${count} ${count === 1 ? "result" : "results"}`;
