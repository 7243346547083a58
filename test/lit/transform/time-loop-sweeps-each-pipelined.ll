; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; In the hinted version (after the fit test and the localized version), each
; sweep inside the t loop is strip-mined on its own with its own tags; the
; nest used to be refused ("no hinted reference changes its address").
; CHECK-LABEL: define dso_local void @sweeps(
; CHECK:       for.cond1.preheader:
; CHECK:       for.body3.lr.ph:
; CHECK:         %oc.tag1 = add i32 %oc.tag.base, 1
; CHECK:         call void @oc_prefetch_block(ptr %{{.*}}, i64 %{{.*}}, i32 1, i32 %oc.tag1)
; CHECK:       for.cond6.preheader:
; CHECK:       for.body8.lr.ph:
; CHECK:         %oc.tag3 = add i32 %oc.tag.base{{[0-9]+}}, 3
; CHECK:         call void @oc_prefetch_block(ptr %{{.*}}, i64 %{{.*}}, i32 1, i32 %oc.tag3)
; CHECK:       oc.strip:
; CHECK:         call void @oc_prefetch_release_block(ptr %{{.*}}, ptr %{{.*}}, i64 4, i32 1, i32 %oc.tag1)
; CHECK:       for.body3:
; CHECK:         br i1 %oc.more, label %for.body3, label %oc.strip.latch
; CHECK:       oc.strip{{[0-9]+}}:
; CHECK:         call void @oc_prefetch_release_block(ptr %{{.*}}, ptr %{{.*}}, i64 4, i32 1, i32 %oc.tag3)
; CHECK:       for.body8:
;
; // A time loop around two sweeps that swap roles: no address changes with t,
; // so each sweep is a pipeline of its own (strip loop, hints), not a refusal.
; void sweeps(int steps, long n, double *a, double *b) {
;   for (int t = 0; t < steps; t++) {
;     for (long i = 0; i < n; i++)
;       b[i] = a[i] * 0.5;
;     for (long i = 0; i < n; i++)
;       a[i] = b[i] + 1.0;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @sweeps(i32 noundef %steps, i64 noundef %n, ptr noundef %a, ptr noundef %b) #0 {
entry:
  %cmp5 = icmp slt i32 0, %steps
  br i1 %cmp5, label %for.cond1.preheader.lr.ph, label %for.end16

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc14
  %t.06 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc15, %for.inc14 ]
  %cmp21 = icmp slt i64 0, %n
  br i1 %cmp21, label %for.body3.lr.ph, label %for.cond6.preheader

for.body3.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body3

for.cond1.for.cond6.preheader_crit_edge:          ; preds = %for.body3
  br label %for.cond6.preheader

for.cond6.preheader:                              ; preds = %for.cond1.for.cond6.preheader_crit_edge, %for.cond1.preheader
  %cmp73 = icmp slt i64 0, %n
  br i1 %cmp73, label %for.body8.lr.ph, label %for.inc14

for.body8.lr.ph:                                  ; preds = %for.cond6.preheader
  br label %for.body8

for.body3:                                        ; preds = %for.body3.lr.ph, %for.body3
  %i.02 = phi i64 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %i.02
  %0 = load double, ptr %arrayidx, align 8
  %mul = fmul double %0, 5.000000e-01
  %arrayidx4 = getelementptr inbounds double, ptr %b, i64 %i.02
  store double %mul, ptr %arrayidx4, align 8
  %inc = add nuw nsw i64 %i.02, 1
  %cmp2 = icmp slt i64 %inc, %n
  br i1 %cmp2, label %for.body3, label %for.cond1.for.cond6.preheader_crit_edge, !llvm.loop !6

for.body8:                                        ; preds = %for.body8.lr.ph, %for.body8
  %i5.04 = phi i64 [ 0, %for.body8.lr.ph ], [ %inc12, %for.body8 ]
  %arrayidx9 = getelementptr inbounds double, ptr %b, i64 %i5.04
  %1 = load double, ptr %arrayidx9, align 8
  %add = fadd double %1, 1.000000e+00
  %arrayidx10 = getelementptr inbounds double, ptr %a, i64 %i5.04
  store double %add, ptr %arrayidx10, align 8
  %inc12 = add nuw nsw i64 %i5.04, 1
  %cmp7 = icmp slt i64 %inc12, %n
  br i1 %cmp7, label %for.body8, label %for.cond6.for.inc14_crit_edge, !llvm.loop !8

for.cond6.for.inc14_crit_edge:                    ; preds = %for.body8
  br label %for.inc14

for.inc14:                                        ; preds = %for.cond6.for.inc14_crit_edge, %for.cond6.preheader
  %inc15 = add nuw nsw i32 %t.06, 1
  %cmp = icmp slt i32 %inc15, %steps
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end16_crit_edge, !llvm.loop !9

for.cond.for.end16_crit_edge:                     ; preds = %for.inc14
  br label %for.end16

for.end16:                                        ; preds = %for.cond.for.end16_crit_edge, %entry
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
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
