; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;mem-size=64K;fault-latency=100000;prefetch-overhead=10000>' -verify-each -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;mem-size=64K;fault-latency=100000;prefetch-overhead=10000>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;mem-size=64K>' -S %s | FileCheck --check-prefix=DECL %s
;
; TOCS Fig. 7 (paper parameters: 4 KB pages, l_m = 100000, l_p = 10000):
; prolog block prefetch, strip loop with one bundled call per strip (the
; prefetch clamped to null past the data, no release before the first
; strip), the original loop over [s, min(s + 2048, n)), final release; the
; untouched clone (.oc.orig) runs when A fits in oc_memory_limit_now; the
; hinted loop is a function of its own, called when A does not fit.
; CHECK-LABEL: define dso_local void @fig7(
; CHECK:       entry:
; CHECK:         br i1 %oc.fits, label %for.body.oc.ph.oc.orig, label %[[CALL:[^,]*]], !prof
; CHECK:       [[CALL]]:
; CHECK-NEXT:    call void @fig7.outcore.hinted.0(ptr %A)
; CHECK:       define internal void @outcore.module_ctor()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @oc_register_module(i64 4096)
; CHECK-LABEL: define internal void @fig7.outcore.hinted.0(ptr %A)
; CHECK:       for.body.oc.ph:
; CHECK:         call void @oc_prefetch_block(ptr %{{.*}}, i64 %oc.pages, i32 0, i32 [[TAG:%oc.tag[0-9]+]])
; CHECK-NEXT:    br label %oc.strip
; CHECK:       oc.strip:
; CHECK:         %oc.s = phi i64 [ 0, %for.body.oc.ph ], [ %oc.e, %oc.strip.latch ]
; CHECK:         %oc.e = call i64 @llvm.umin.i64(i64 %{{.*}}, i64 100000)
; CHECK:         %oc.pf.it = add i64 %oc.s, 10240
; CHECK:       oc.both:
; CHECK-NEXT:    call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 [[TAG]])
; CHECK:       oc.hinted:
; CHECK-NEXT:    br label %for.body
; CHECK:       for.body:
; CHECK:         %oc.c = phi i64 [ %oc.s, %oc.hinted ], [ %oc.c.next, %for.body ]
; CHECK:         store double 0.000000e+00
; CHECK-NOT:     call
; CHECK:         %oc.more = icmp ne i64 %oc.c.next, %oc.e
; CHECK:         br i1 %oc.more, label %for.body, label %oc.strip.latch
; CHECK:       oc.strip.latch:
; CHECK:         br i1 %oc.done, label %for.end.loopexit, label %oc.strip
; CHECK:       for.end.loopexit:
; CHECK:         call void @oc_release_block(ptr %{{.*}}, i64 %{{.*}}, i32 0, i32 [[TAG]])
; DECL:        declare void @oc_prefetch_block(ptr nocapture, i64, i32, i32) [[ATTR:#[0-9]+]]
; DECL:        attributes [[ATTR]] = { nocallback nounwind willreturn memory(inaccessiblemem: readwrite) }
; REMARK:      --- !Passed
; REMARK-NEXT: Pass: outcore
; REMARK-NEXT: Name: Prefetched
; REMARK:        - Array: A
; REMARK:        - Priority: '0'
; REMARK:        - Pages: '4'
; REMARK:        - Distance: '10240'
; REMARK:        - PipelineDepth: '0'
;
; // TOCS Fig. 7: one loop, A[i] has spatial locality only.
; void fig7(double *A) {
;   for (long i = 0; i < 100000; i++)
;     A[i] = 0;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @fig7(ptr noundef %A) #0 {
entry:
  br label %for.body

for.body:                                         ; preds = %entry, %for.body
  %i.01 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds double, ptr %A, i64 %i.01
  store double 0.000000e+00, ptr %arrayidx, align 8
  %inc = add nuw nsw i64 %i.01, 1
  %cmp = icmp ult i64 %inc, 100000
  br i1 %cmp, label %for.body, label %for.end, !llvm.loop !6

for.end:                                          ; preds = %for.body
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
