; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; Rows reached through row pointers are an array of their own, indexed as the source
; does, [row][element]: a row's elements have spatial reuse along j; rows i - 1, i and
; i + 1 do not share pages (each is a block of its own), and the row pointers g[i - 1],
; g[i], g[i + 1] are the pointer array's own group.
; CHECK:      Nest 0 (ScalarEvolution), 2 loops, 8 references
; CHECK:        ref g[i - 1] (read, 8 B elements)
; CHECK:          group 0 trailer; prefetch when false; release when true; priority 0; hints yes
; CHECK:        ref g[i + 1] (read, 8 B elements)
; CHECK:          group 0 leader; prefetch when true; release when false; priority 0; hints yes
; CHECK-NEXT:   ref g[i - 1][j] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [c0 = 0, c1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [c0 = 0, c1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 1 single; prefetch when (j - 1) mod 512 = 0; release when (j - 1) mod 512 = 511; priority 0; hints yes
; CHECK-NEXT:   ref g[i + 1][j] (read, 8 B elements)
; CHECK:          group 2 single; prefetch when (j - 1) mod 512 = 0; release when (j - 1) mod 512 = 511; priority 0; hints yes
; CHECK-NEXT:   ref g[i][j - 1] (read, 8 B elements)
; CHECK:          group 3 trailer; prefetch when false; release when (j - 1) mod 512 = 511; priority 0; hints yes
; CHECK-NEXT:   ref g[i][j + 1] (read, 8 B elements)
; CHECK:          group 3 leader; prefetch when (j - 1) mod 512 = 0; release when false; priority 0; hints yes
; CHECK-NEXT:   ref g[i][j] (write, 8 B elements)
; CHECK:          group 3 member; prefetch when false; release when false; priority 0; hints none
;
; // SciMark's SOR on a matrix allocated row by row: three row pointers per row.
; void sor_rows(long m, long n, double w, double **g) {
;   for (long i = 1; i < m - 1; i++) {
;     double *gi = g[i], *gm = g[i - 1], *gp = g[i + 1];
;     for (long j = 1; j < n - 1; j++)
;       gi[j] = w * (gm[j] + gp[j] + gi[j - 1] + gi[j + 1]);
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @sor_rows(i64 noundef %m, i64 noundef %n, double noundef %w, ptr noundef %g) #0 {
entry:
  %sub = add nsw i64 %m, -1
  %cmp3 = icmp slt i64 1, %sub
  br i1 %cmp3, label %for.body.lr.ph, label %for.end20

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.cond4.for.cond.loopexit_crit_edge:            ; preds = %for.body7
  br label %for.cond.loopexit

for.cond.loopexit:                                ; preds = %for.cond4.for.cond.loopexit_crit_edge, %for.body
  %cmp = icmp slt i64 %add, %sub
  br i1 %cmp, label %for.body, label %for.cond.for.end20_crit_edge, !llvm.loop !6

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.loopexit
  %i.04 = phi i64 [ 1, %for.body.lr.ph ], [ %add, %for.cond.loopexit ]
  %arrayidx = getelementptr inbounds ptr, ptr %g, i64 %i.04
  %0 = load ptr, ptr %arrayidx, align 8
  %1 = getelementptr ptr, ptr %g, i64 %i.04
  %arrayidx2 = getelementptr i8, ptr %1, i64 -8
  %2 = load ptr, ptr %arrayidx2, align 8
  %add = add nuw nsw i64 %i.04, 1
  %arrayidx3 = getelementptr inbounds ptr, ptr %g, i64 %add
  %3 = load ptr, ptr %arrayidx3, align 8
  %sub5 = add nsw i64 %n, -1
  %cmp61 = icmp slt i64 1, %sub5
  br i1 %cmp61, label %for.body7.lr.ph, label %for.cond.loopexit

for.body7.lr.ph:                                  ; preds = %for.body
  br label %for.body7

for.body7:                                        ; preds = %for.body7.lr.ph, %for.body7
  %j.02 = phi i64 [ 1, %for.body7.lr.ph ], [ %add14, %for.body7 ]
  %arrayidx8 = getelementptr inbounds double, ptr %2, i64 %j.02
  %4 = load double, ptr %arrayidx8, align 8
  %arrayidx9 = getelementptr inbounds double, ptr %3, i64 %j.02
  %5 = load double, ptr %arrayidx9, align 8
  %add10 = fadd double %4, %5
  %6 = getelementptr double, ptr %0, i64 %j.02
  %arrayidx12 = getelementptr i8, ptr %6, i64 -8
  %7 = load double, ptr %arrayidx12, align 8
  %add13 = fadd double %add10, %7
  %add14 = add nuw nsw i64 %j.02, 1
  %arrayidx15 = getelementptr inbounds double, ptr %0, i64 %add14
  %8 = load double, ptr %arrayidx15, align 8
  %add16 = fadd double %add13, %8
  %mul = fmul double %add16, %w
  %arrayidx17 = getelementptr inbounds double, ptr %0, i64 %j.02
  store double %mul, ptr %arrayidx17, align 8
  %cmp6 = icmp slt i64 %add14, %sub5
  br i1 %cmp6, label %for.body7, label %for.cond4.for.cond.loopexit_crit_edge, !llvm.loop !8

for.cond.for.end20_crit_edge:                     ; preds = %for.cond.loopexit
  br label %for.end20

for.end20:                                        ; preds = %for.cond.for.end20_crit_edge, %entry
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
