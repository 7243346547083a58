; Bad parameters get one clear error line naming the option, never a crash.
; RUN: not opt -load-pass-plugin=%outcore -outcore-page-size=3000 -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PAGE
; RUN: not opt -load-pass-plugin=%outcore -outcore-mem-size=0 -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MEM
; RUN: not opt -load-pass-plugin=%outcore -outcore-fault-latency=-5 -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=LAT
; RUN: not opt -load-pass-plugin=%outcore -outcore-unknown-trip=maybe -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=TRIP
; RUN: not opt -load-pass-plugin=%outcore -passes='outcore<page-size=12>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PARAM
; RUN: not opt -load-pass-plugin=%outcore -passes='outcore<colour=blue>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not opt -load-pass-plugin=%outcore -passes='outcore<mem-size=lots>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BYTES
;
; PAGE: outcore: for the -outcore-page-size option: '3000' is not a power of two
; PAGE-NOT: {{.}}
; MEM: outcore: for the -outcore-mem-size option: '0' is not a positive byte count
; LAT: outcore: for the -outcore-fault-latency option: '-5' is not a non-negative number of cycles
; TRIP: for the --outcore-unknown-trip option: Cannot find option named 'maybe'!
; PARAM: outcore: pass parameter 'page-size=12': '12' is not a power of two
; PARAM-NOT: {{.}}
; UNKNOWN: outcore: pass parameter 'colour=blue': unknown parameter (page-size, mem-size, fault-latency, prefetch-overhead, block-pages, unknown-trip)
; BYTES: outcore: pass parameter 'mem-size=lots': 'lots' is not a positive byte count

define void @empty() {
  ret void
}
