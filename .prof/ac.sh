#!/bin/bash
# usage: ac.sh url [duration]
/work/main/node_modules/.bin/autocannon -c 50 -d ${2:-8} -j "$1" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);console.log(process.argv[1].padEnd(70), "rps",r.requests.average, "p50",r.latency.p50, "p99",r.latency.p99, "non2xx",r.non2xx, "err",r.errors+r.timeouts)})' "$1"
