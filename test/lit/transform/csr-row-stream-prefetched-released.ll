; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck --check-prefix=MODEL %s
;
; MODEL:      ref val[rowptr[...]] (read, 8 B elements)
; MODEL-NEXT:   stream from a loaded start: prefetched ahead, released behind
; MODEL:        prefetch when true; release when true; priority 0; hints yes
;
; Steady state, per strip [s, e) of 2048 rows, 24576 rows ahead: val from
; &val[rowptr[min(s + d, tc)]] to &val[rowptr[min(s + d + 2048, tc)]],
; pages rounded out; behind, the whole pages of rows [s - 2048, s).
; CHECK-LABEL: define dso_local void @rowsum(
; CHECK:       oc.strip:
; CHECK:         %oc.pf.it = add i64 %oc.s, 24576
; CHECK-NEXT:    [[PFOK:%.*]] = icmp ult i64 %oc.pf.it, %oc.tc
; CHECK-NEXT:    [[PFE:%.*]] = add i64 %oc.pf.it, 2048
; CHECK-NEXT:    [[PFEND:%.*]] = call i64 @llvm.umin.i64(i64 [[PFE]], i64 %oc.tc)
; CHECK-NEXT:    [[NOTFIRST:%.*]] = icmp ne i64 %oc.s, 0
; CHECK:         [[LOIT:%.*]] = call i64 @llvm.umin.i64(i64 %oc.pf.it, i64 %oc.tc)
; CHECK-NEXT:    [[LOOFF:%.*]] = mul i64 [[LOIT]], 8
; CHECK-NEXT:    [[LOAT:%.*]] = getelementptr i8, ptr %rowptr, i64 [[LOOFF]]
; CHECK-NEXT:    [[LOK:%.*]] = load i64, ptr [[LOAT]], align 8
; CHECK-NEXT:    [[LOB:%.*]] = mul i64 [[LOK]], 8
; CHECK-NEXT:    [[LO:%.*]] = getelementptr i8, ptr %val, i64 [[LOB]]
; CHECK-NEXT:    [[HIOFF:%.*]] = mul i64 [[PFEND]], 8
; CHECK-NEXT:    [[HIAT:%.*]] = getelementptr i8, ptr %rowptr, i64 [[HIOFF]]
; CHECK-NEXT:    [[HIK:%.*]] = load i64, ptr [[HIAT]], align 8
; CHECK-NEXT:    [[HIB:%.*]] = mul i64 [[HIK]], 8
; CHECK-NEXT:    [[HI:%.*]] = getelementptr i8, ptr %val, i64 [[HIB]]
; CHECK-NEXT:    [[HII:%.*]] = ptrtoint ptr [[HI]] to i64
; CHECK-NEXT:    [[HIUP:%.*]] = add i64 [[HII]], 4095
; CHECK-NEXT:    [[LOI:%.*]] = ptrtoint ptr [[LO]] to i64
; CHECK-NEXT:    [[LOP:%.*]] = udiv i64 [[LOI]], 4096
; CHECK-NEXT:    [[HIP:%.*]] = udiv i64 [[HIUP]], 4096
; CHECK-NEXT:    [[PAGES:%.*]] = sub i64 [[HIP]], [[LOP]]
; CHECK-NEXT:    [[PF:%.*]] = select i1 [[PFOK]], i64 [[PAGES]], i64 0
; CHECK-NEXT:    call void @oc_prefetch_block(ptr [[LO]], i64 [[PF]], i32 0, i32 [[TAG:%.*]])
; CHECK-NEXT:    [[RELIT:%.*]] = select i1 [[NOTFIRST]], i64 %oc.rel.it, i64 %oc.s
; CHECK:         [[RELK:%.*]] = load i64, ptr {{%.*}}, align 8
; CHECK:         [[SK:%.*]] = load i64, ptr {{%.*}}, align 8
; CHECK-NEXT:    [[SB:%.*]] = mul i64 [[SK]], 8
; CHECK-NEXT:    [[S:%.*]] = getelementptr i8, ptr %val, i64 [[SB]]
; CHECK-NEXT:    [[SI:%.*]] = ptrtoint ptr [[S]] to i64
; CHECK-NEXT:    [[RELI:%.*]] = ptrtoint ptr [[REL:%.*]] to i64
; CHECK-NEXT:    [[RELP:%.*]] = udiv i64 [[RELI]], 4096
; CHECK-NEXT:    [[SP:%.*]] = udiv i64 [[SI]], 4096
; CHECK-NEXT:    [[RELPAGES:%.*]] = sub i64 [[SP]], [[RELP]]
; CHECK-NEXT:    [[RELCOUNT:%.*]] = select i1 [[NOTFIRST]], i64 [[RELPAGES]], i64 0
; CHECK-NEXT:    call void @oc_release_block(ptr [[REL]], i64 [[RELCOUNT]], i32 0, i32 [[TAG]])
; CHECK:         call void @oc_release_block(ptr {{%.*}}, i64 %oc.row.pages{{[0-9]*}}, i32 0, i32 [[TAG]])
;
; // CSR rows: k runs from rowptr[r] to rowptr[r + 1], so val[k] is a stream
; // whose start is loaded at the k loop's entry, not an indirect reference.
; // In the pipeline loop r it gets one block prefetch per strip of rows,
; // ahead, from rowptr[] read at the strip's ends (never past rowptr[rows],
; // which the loop reads), and a release of the whole pages behind; the
; // last strip's pages are released at the exit.
; void rowsum(long rows, const long *restrict rowptr, const double *restrict val,
;             double *restrict y) {
;   for (long r = 0; r < rows; r++) {
;     double s = 0.0;
;     for (long k = rowptr[r]; k < rowptr[r + 1]; k++)
;       s += val[k];
;     y[r] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @rowsum(i64 noundef %rows, ptr noalias noundef %rowptr, ptr noalias noundef %val, ptr noalias noundef %y) #0 {
entry:
  %cmp4 = icmp slt i64 0, %rows
  br i1 %cmp4, label %for.body.lr.ph, label %for.end10

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.end
  %r.05 = phi i64 [ 0, %for.body.lr.ph ], [ %inc9, %for.end ]
  %arrayidx = getelementptr inbounds i64, ptr %rowptr, i64 %r.05
  %0 = load i64, ptr %arrayidx, align 8
  %1 = getelementptr inbounds i64, ptr %rowptr, i64 %r.05
  %arrayidx2 = getelementptr inbounds i8, ptr %1, i64 8
  %2 = load i64, ptr %arrayidx2, align 8
  %cmp31 = icmp slt i64 %0, %2
  br i1 %cmp31, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.body
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %k.03 = phi i64 [ %0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %add6, %for.inc ]
  %arrayidx5 = getelementptr inbounds double, ptr %val, i64 %k.03
  %3 = load double, ptr %arrayidx5, align 8
  %add6 = fadd double %s.02, %3
  %inc = add nsw i64 %k.03, 1
  %4 = load i64, ptr %arrayidx2, align 8
  %cmp3 = icmp slt i64 %inc, %4
  br i1 %cmp3, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %split = phi double [ %add6, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.body
  %s.0.lcssa = phi double [ %split, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.body ]
  %arrayidx7 = getelementptr inbounds double, ptr %y, i64 %r.05
  store double %s.0.lcssa, ptr %arrayidx7, align 8
  %inc9 = add nuw nsw i64 %r.05, 1
  %cmp = icmp slt i64 %inc9, %rows
  br i1 %cmp, label %for.body, label %for.cond.for.end10_crit_edge, !llvm.loop !8

for.cond.for.end10_crit_edge:                     ; preds = %for.end
  br label %for.end10

for.end10:                                        ; preds = %for.cond.for.end10_crit_edge, %entry
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
