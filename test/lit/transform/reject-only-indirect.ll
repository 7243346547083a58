; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: only indirect references need hints: no dense reference gives a loop to pipeline
; CHECK-NOT: call {{.*}}@oc_
;
; // The only reference that needs a hint is the indirect a[idx[i]]: idx is
; // smaller than a page (no hints), so no dense reference gives a loop to
; // pipeline.
; int idx[64];
; 
; double gather(const double *a) {
;   double s = 0;
;   for (int i = 0; i < 64; i++)
;     s += a[idx[i]];
;   return s;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@idx = dso_local global [64 x i32] zeroinitializer, align 16

define dso_local double @gather(ptr noundef %a) #0 {
entry:
  br label %for.inc

for.inc:                                          ; preds = %entry, %for.inc
  %i.02 = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
  %s.01 = phi double [ 0.000000e+00, %entry ], [ %add, %for.inc ]
  %idxprom = zext nneg i32 %i.02 to i64
  %arrayidx = getelementptr inbounds [64 x i32], ptr @idx, i64 0, i64 %idxprom
  %0 = load i32, ptr %arrayidx, align 4
  %idxprom1 = sext i32 %0 to i64
  %arrayidx2 = getelementptr inbounds double, ptr %a, i64 %idxprom1
  %1 = load double, ptr %arrayidx2, align 8
  %add = fadd double %s.01, %1
  %inc = add nuw nsw i32 %i.02, 1
  %cmp = icmp ult i32 %inc, 64
  br i1 %cmp, label %for.inc, label %for.end, !llvm.loop !6

for.end:                                          ; preds = %for.inc
  %s.0.lcssa = phi double [ %add, %for.inc ]
  ret double %s.0.lcssa
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
