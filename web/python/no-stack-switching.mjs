// Imported first by every module that starts Pyodide (the page's start.mjs and both workers):
// Pyodide must not find WebAssembly stack switching (JSPI).
//
// Pyodide uses JSPI whenever the browser offers it, and then runs Python on a secondary stack.
// In Chromium that can crash the tab: a sampled allocation (GWP-ASan, on in release builds)
// walks the stack by its frame pointers up to the end of the thread's main stack, and on a
// secondary stack the walk runs off its end. Measured on Chromium 156, with the sampling raised
// to make it frequent, 4 of 12 browsers crashed within three starts of the page with JSPI and
// none of 12 without; at Chromium's own rate, 1 start in 480. The game never needs
// JSPI (nothing waits synchronously on JavaScript), and without it Pyodide works as it does in
// browsers that have none.

delete WebAssembly.Suspending;
delete WebAssembly.promising;
delete WebAssembly.Suspender; // the API's first form, in older Chromium
