#!/usr/bin/env node
import{f as e,i as t,t as n}from"./reaper-IpkGs86d.js";import{n as r}from"./inert-BkXo2wNV.js";import{n as i}from"./version-DtdHz2n-.js";import{constants as a}from"node:os";const o=/* @__PURE__ */ new Set([`EPIPE`,`ERR_STREAM_DESTROYED`]);function s(e=process.stdout){e.on(`error`,e=>{if(!o.has(e.code??``))throw e})}const c=[`SIGINT`,`SIGTERM`,`SIGHUP`];function l(){e(()=>{for(let e of c)process.once(e,()=>d(e))})}function u(e){return 128+a.signals[e]}function d(e){let i=t();n();let a=[``,`mcplint: interrupted (${e}); the server process tree was stopped.`];for(let e of i){a.push(r(`Partial report for ${e.label}:`)),a.push(`  phase ${e.phase}${e.waitingFor?`, waiting for ${r(e.waitingFor)}`:``} after ${(e.elapsedMs/1e3).toFixed(1)} s; ${e.frames} frame${e.frames===1?``:`s`} recorded (${e.messagesReceived} message${e.messagesReceived===1?``:`s`} received, ${e.noiseLines} non-protocol stdout line${e.noiseLines===1?``:`s`})`);for(let t of e.notes)a.push(`  note: ${r(t)}`)}try{process.stderr.write(a.join(`
`)+`
<<<<<<< HEAD
`)}catch{}process.exit(u(e))}const f=process.argv.slice(2);f.length===1&&(f[0]===`--version`||f[0]===`-v`)?process.stdout.write(`${i}\n`):(l(),s(),import(`./main-CVo1fMMu.js`).then(({run:e})=>e(f)).then(e=>{process.exitCode=e}));export{};
=======
`)}catch{}process.exit(s(t))}const l=process.argv.slice(2);l.length===1&&(l[0]===`--version`||l[0]===`-v`)?process.stdout.write(`${t}\n`):(o(),i(),import(`./main-C4xttEtP.js`).then(({run:e})=>e(l)).then(e=>{process.exitCode=e}));export{};
>>>>>>> fix
