; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: the loop nest reads and writes no array
; CHECK-NOT: call {{.*}}@oc_
;
; // The loop computes with scalars only: a nest with nothing to hint still gets a reason.
; long steps(long n) {
;   long x = n, count = 0;
;   while (x > 1) {
;     x = x % 2 ? 3 * x + 1 : x / 2;
;     count++;
;   }
;   return count;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local i64 @steps(i64 noundef %n) #0 {
entry:
  %cmp1 = icmp sgt i64 %n, 1
  br i1 %cmp1, label %while.body.lr.ph, label %while.end

while.body.lr.ph:                                 ; preds = %entry
  br label %while.body

while.body:                                       ; preds = %while.body.lr.ph, %while.body
  %count.03 = phi i64 [ 0, %while.body.lr.ph ], [ %inc, %while.body ]
  %x.02 = phi i64 [ %n, %while.body.lr.ph ], [ %cond, %while.body ]
  %rem = and i64 %x.02, 1
  %tobool.not = icmp eq i64 %rem, 0
  %mul = mul nuw nsw i64 %x.02, 3
  %add = add nuw nsw i64 %mul, 1
  %div = lshr exact i64 %x.02, 1
  %cond = select i1 %tobool.not, i64 %div, i64 %add
  %inc = add nuw nsw i64 %count.03, 1
  %cmp = icmp sgt i64 %cond, 1
  br i1 %cmp, label %while.body, label %while.cond.while.end_crit_edge, !llvm.loop !6

while.cond.while.end_crit_edge:                   ; preds = %while.body
  %inc.lcssa = phi i64 [ %inc, %while.body ]
  br label %while.end

while.end:                                        ; preds = %while.cond.while.end_crit_edge, %entry
  %count.0.lcssa = phi i64 [ %inc.lcssa, %while.cond.while.end_crit_edge ], [ 0, %entry ]
  ret i64 %count.0.lcssa
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
