; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: the trip count of the pipeline loop cannot be computed
; CHECK-NOT: call {{.*}}@oc_
;
; // The loop runs until a running sum passes a bound read from the data: its
; // trip count cannot be computed.
; double a[1 << 24];
; 
; long count_until(double limit) {
;   double s = 0;
;   long i = 0;
;   while (s < limit && i < (1 << 24)) {
;     s += a[i];
;     i++;
;   }
;   return i;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [16777216 x double] zeroinitializer, align 16

define dso_local i64 @count_until(double noundef %limit) #0 {
entry:
  %cmp2 = fcmp olt double 0.000000e+00, %limit
  br i1 %cmp2, label %while.body.lr.ph, label %while.end

while.body.lr.ph:                                 ; preds = %entry
  br label %while.body

while.body:                                       ; preds = %while.body.lr.ph, %while.body
  %i.04 = phi i64 [ 0, %while.body.lr.ph ], [ %inc, %while.body ]
  %s.03 = phi double [ 0.000000e+00, %while.body.lr.ph ], [ %add, %while.body ]
  %arrayidx = getelementptr inbounds [16777216 x double], ptr @a, i64 0, i64 %i.04
  %0 = load double, ptr %arrayidx, align 8
  %add = fadd double %s.03, %0
  %inc = add nuw nsw i64 %i.04, 1
  %cmp = fcmp olt double %add, %limit
  %cmp1 = icmp ult i64 %inc, 16777216
  %1 = select i1 %cmp, i1 %cmp1, i1 false
  br i1 %1, label %while.body, label %while.cond.while.end_crit_edge, !llvm.loop !6

while.cond.while.end_crit_edge:                   ; preds = %while.body
  %split = phi i64 [ %inc, %while.body ]
  br label %while.end

while.end:                                        ; preds = %while.cond.while.end_crit_edge, %entry
  %i.0.lcssa = phi i64 [ %split, %while.cond.while.end_crit_edge ], [ 0, %entry ]
  ret i64 %i.0.lcssa
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
