var e=class extends Error{problems;constructor(e){let t=typeof e==`string`?[e]:[...e];super(t.join(`
`)),this.problems=t}};export{e as t};