<<<<<<< HEAD
import{t as e}from"./build-index-zNzZmVd_.js";import{parentPort as t,workerData as n}from"node:worker_threads";e(n).then(e=>t.postMessage({ok:!0,index:e}),e=>t.postMessage({ok:!1,message:e instanceof Error?e.message:String(e)}));export{};
=======
import{t as e}from"./build-index-BEuXxSBs.js";import{parentPort as t,workerData as n}from"node:worker_threads";e(n).then(e=>t.postMessage({ok:!0,index:e}),e=>t.postMessage({ok:!1,message:e instanceof Error?e.message:String(e)}));export{};
>>>>>>> fix
