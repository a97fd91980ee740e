<<<<<<<< HEAD:action/probes-Bc7dnk0N.js
import{t as e}from"./config-CtGZAwYX.js";import{a as t,c as n,i as r,l as i,n as a,o,r as s,s as c,t as l}from"./probes-BCbWg3X6.js";export{o as PROBES,c as PROTOCOL_PROBE_IDS,n as TOOL_PROBE_IDS,i as buildPlan,t as formatPlan,l as httpProbeHook,a as planFor,s as planHook,r as probeHook,e as resolveProbeConfig};
========
import{t as e}from"./config-CtGZAwYX.js";import{a as t,c as n,i as r,l as i,n as a,o,r as s,s as c,t as l}from"./probes-C-HmGR68.js";export{o as PROBES,c as PROTOCOL_PROBE_IDS,n as TOOL_PROBE_IDS,i as buildPlan,t as formatPlan,l as httpProbeHook,a as planFor,s as planHook,r as probeHook,e as resolveProbeConfig};
>>>>>>>> fix:action/probes-DUaJCtO7.js
