; // The pipeline inferred before the pass that scale touches only its argument's
; // memory and never synchronises or frees; once transformed, it reads the
; // runtime's limit and calls the runtime, and its attributes say so.
; void scale(long n, double *a) {
;   for (long i = 0; i < n; i++)
;     a[i] *= 2.0;
; }
;
; (attributes #0 below carry what function-attrs infers before the pass)
; RUN: opt -load-pass-plugin=%outcore -passes=outcore -S %s | FileCheck %s
;
; CHECK: define dso_local void @scale({{.*}}) #[[ATTRS:[0-9]+]]
; CHECK: load atomic i64, ptr @oc_memory_limit_now
; CHECK: attributes #[[ATTRS]] = {
; CHECK-NOT: nosync
; CHECK-NOT: nofree
; CHECK-SAME: memory(read, argmem: readwrite, inaccessiblemem: readwrite)
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @scale(i64 noundef %n, ptr noundef %a) #0 {
entry:
  %cmp1 = icmp slt i64 0, %n
  br i1 %cmp1, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.02 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %i.02
  %0 = load double, ptr %arrayidx, align 8
  %mul = fmul double %0, 2.000000e+00
  store double %mul, ptr %arrayidx, align 8
  %inc = add nuw nsw i64 %i.02, 1
  %cmp = icmp slt i64 %inc, %n
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret void
}

attributes #0 = { nofree noinline nosync nounwind memory(argmem: readwrite) uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
