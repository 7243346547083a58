; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; The test runs once, before the t loop; the t loop is small (a call and
; the nest), so it is copied with the nest: the original t loop and nest
; (.oc.orig) run with no test or branch per entry.
; CHECK-LABEL: define dso_local void @sweeps(
; CHECK:       for.cond1.preheader.lr.ph:
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8{{.*}}, !range [[LIMIT_RANGE:![0-9]+]]
; CHECK-NEXT:    %oc.fits = icmp ule i64 %{{.*}}, %oc.limit
; CHECK-NEXT:    br i1 %oc.fits, label %for.cond1.preheader.oc.ph.oc.orig, label %[[CALL:[^,]*]], !prof
; CHECK:       for.cond1.preheader.oc.orig:
; CHECK-NOT:     @oc_
; CHECK:         call void @observe(
; CHECK:       [[CALL]]:
; CHECK-NEXT:    call void @sweeps.outcore.hinted.0(
; CHECK-LABEL: define internal void @sweeps.outcore.hinted.0(
; CHECK:       for.cond1.preheader:
; CHECK-NOT:     @oc_memory_limit
; CHECK:         call void @oc_
;
; // A nest entered again and again from a loop the pass does not model (it
; // calls a function): the footprint depends only on n, so its fit test runs
; // once, before the t loop, not at every entry of the i loop.
; void observe(double *x);
; 
; void sweeps(int steps, int n, double *x) {
;   for (int t = 0; t < steps; t++) {
;     for (int i = 0; i < n; i++)
;       x[i] = x[i] * 0.5 + 1;
;     observe(x);
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @sweeps(i32 noundef %steps, i32 noundef %n, ptr noundef %x) #0 {
entry:
  %cmp3 = icmp slt i32 0, %steps
  br i1 %cmp3, label %for.cond1.preheader.lr.ph, label %for.end8

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end
  %t.04 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc7, %for.end ]
  %cmp21 = icmp slt i32 0, %n
  br i1 %cmp21, label %for.body3.lr.ph, label %for.end

for.body3.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body3

for.body3:                                        ; preds = %for.body3.lr.ph, %for.body3
  %i.02 = phi i32 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %i.02 to i64
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %idxprom
  %0 = load double, ptr %arrayidx, align 8
  %1 = call double @llvm.fmuladd.f64(double %0, double 5.000000e-01, double 1.000000e+00)
  %idxprom4 = zext nneg i32 %i.02 to i64
  %arrayidx5 = getelementptr inbounds double, ptr %x, i64 %idxprom4
  store double %1, ptr %arrayidx5, align 8
  %inc = add nuw nsw i32 %i.02, 1
  %cmp2 = icmp slt i32 %inc, %n
  br i1 %cmp2, label %for.body3, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.body3
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.cond1.preheader
  call void @observe(ptr noundef %x) #3
  %inc7 = add nuw nsw i32 %t.04, 1
  %cmp = icmp slt i32 %inc7, %steps
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end8_crit_edge, !llvm.loop !8

for.cond.for.end8_crit_edge:                      ; preds = %for.end
  br label %for.end8

for.end8:                                         ; preds = %for.cond.for.end8_crit_edge, %entry
  ret void
}

declare double @llvm.fmuladd.f64(double, double, double) #1

declare void @observe(ptr noundef) #2

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }

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
!8 = distinct !{!8, !7}
