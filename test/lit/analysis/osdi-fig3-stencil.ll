; // OSDI 2000 Fig. 3: averaging nearest neighbours (interior of a 1024x1024 grid).
; double a[1024][1024];
; void stencil(void) {
;   for (int i = 1; i < 1023; i++)
;     for (int j = 1; j < 1023; j++)
;       a[i][j] = (a[i+1][j-1] + a[i+1][j] + a[i+1][j+1] + a[i][j-1] + a[i][j]
;                  + a[i][j+1] + a[i-1][j-1] + a[i-1][j] + a[i-1][j+1]) / 9.0;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality><mem-size=64K>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ROWS
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality><mem-size=48K>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EDGE
;
; ROWS: Outcore locality for function 'stencil': page 4096 B, memory 65536 B (16 pages), unknown trip counts version
; ROWS-NEXT: Nest 0 (Polly SCoP), 2 loops, 10 references
; ROWS-NEXT:   loop i: depth 0, trip 1022, 1 .. 1022, pages/iteration 13, localized
; ROWS-NEXT:   loop j: depth 1, trip 1022, 1 .. 1022, pages/iteration 10, localized
; ROWS-NEXT:   ref a[i + 1][j - 1] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; ROWS-NEXT:   ref a[i + 1][j] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; ROWS-NEXT:   ref a[i + 1][j + 1] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 leader; prefetch when (j - 1) mod 512 = 0; release when false; priority 0; hints yes
; ROWS-NEXT:   ref a[i][j - 1] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; ROWS-NEXT:   ref a[i][j] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; ROWS-NEXT:   ref a[i][j + 1] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; ROWS-NEXT:   ref a[i - 1][j - 1] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 trailer; prefetch when false; release when (j - 1) mod 512 = 511; priority 0; hints yes
; ROWS-NEXT:   ref a[i - 1][j] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; ROWS-NEXT:   ref a[i - 1][j + 1] (read, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; ROWS-NEXT:   ref a[i][j] (write, 8 B elements)
; ROWS-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; ROWS-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; ROWS-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; ROWS-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
;
; EDGE: Outcore locality for function 'stencil': page 4096 B, memory 49152 B (12 pages), unknown trip counts version
; EDGE-NEXT: Nest 0 (Polly SCoP), 2 loops, 10 references
; EDGE-NEXT:   loop i: depth 0, trip 1022, 1 .. 1022, pages/iteration 13, not localized
; EDGE-NEXT:   loop j: depth 1, trip 1022, 1 .. 1022, pages/iteration 10, localized
; EDGE-NEXT:   ref a[i + 1][j - 1] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 0 trailer; prefetch when false; release when (j - 1) mod 512 = 511; priority 0; hints yes
; EDGE-NEXT:   ref a[i + 1][j] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; EDGE-NEXT:   ref a[i + 1][j + 1] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 0 leader; prefetch when (j - 1) mod 512 = 0; release when false; priority 0; hints yes
; EDGE-NEXT:   ref a[i][j - 1] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 1 trailer; prefetch when false; release when (j - 1) mod 512 = 511; priority 0; hints yes
; EDGE-NEXT:   ref a[i][j] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 1 member; prefetch when false; release when false; priority 0; hints none
; EDGE-NEXT:   ref a[i][j + 1] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 1 leader; prefetch when (j - 1) mod 512 = 0; release when false; priority 0; hints yes
; EDGE-NEXT:   ref a[i - 1][j - 1] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 2 trailer; prefetch when false; release when (j - 1) mod 512 = 511; priority 0; hints yes
; EDGE-NEXT:   ref a[i - 1][j] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 2 member; prefetch when false; release when false; priority 0; hints none
; EDGE-NEXT:   ref a[i - 1][j + 1] (read, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 2 leader; prefetch when (j - 1) mod 512 = 0; release when false; priority 0; hints yes
; EDGE-NEXT:   ref a[i][j] (write, 8 B elements)
; EDGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; EDGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; EDGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; EDGE-NEXT:     group 1 member; prefetch when false; release when false; priority 0; hints none
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [1024 x [1024 x double]] zeroinitializer, align 16

define dso_local void @stencil() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc60
  %i.02 = phi i32 [ 1, %entry ], [ %inc61, %for.inc60 ]
  br label %for.body3

for.body3:                                        ; preds = %for.cond1.preheader, %for.body3
  %j.01 = phi i32 [ 1, %for.cond1.preheader ], [ %inc, %for.body3 ]
  %add = add nuw nsw i32 %i.02, 1
  %idxprom = zext nneg i32 %add to i64
  %sub = add nsw i32 %j.01, -1
  %idxprom4 = sext i32 %sub to i64
  %arrayidx5 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom, i64 %idxprom4
  %0 = load double, ptr %arrayidx5, align 8
  %add6 = add nuw nsw i32 %i.02, 1
  %idxprom7 = zext nneg i32 %add6 to i64
  %idxprom9 = zext nneg i32 %j.01 to i64
  %arrayidx10 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom7, i64 %idxprom9
  %1 = load double, ptr %arrayidx10, align 8
  %add11 = fadd double %0, %1
  %add12 = add nuw nsw i32 %i.02, 1
  %idxprom13 = zext nneg i32 %add12 to i64
  %add15 = add nuw nsw i32 %j.01, 1
  %idxprom16 = zext nneg i32 %add15 to i64
  %arrayidx17 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom13, i64 %idxprom16
  %2 = load double, ptr %arrayidx17, align 8
  %add18 = fadd double %add11, %2
  %idxprom19 = zext nneg i32 %i.02 to i64
  %sub21 = add nsw i32 %j.01, -1
  %idxprom22 = sext i32 %sub21 to i64
  %arrayidx23 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom19, i64 %idxprom22
  %3 = load double, ptr %arrayidx23, align 8
  %add24 = fadd double %add18, %3
  %idxprom25 = zext nneg i32 %i.02 to i64
  %idxprom27 = zext nneg i32 %j.01 to i64
  %arrayidx28 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom25, i64 %idxprom27
  %4 = load double, ptr %arrayidx28, align 8
  %add29 = fadd double %add24, %4
  %idxprom30 = zext nneg i32 %i.02 to i64
  %add32 = add nuw nsw i32 %j.01, 1
  %idxprom33 = zext nneg i32 %add32 to i64
  %arrayidx34 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom30, i64 %idxprom33
  %5 = load double, ptr %arrayidx34, align 8
  %add35 = fadd double %add29, %5
  %sub36 = add nsw i32 %i.02, -1
  %idxprom37 = sext i32 %sub36 to i64
  %sub39 = add nsw i32 %j.01, -1
  %idxprom40 = sext i32 %sub39 to i64
  %arrayidx41 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom37, i64 %idxprom40
  %6 = load double, ptr %arrayidx41, align 8
  %add42 = fadd double %add35, %6
  %sub43 = add nsw i32 %i.02, -1
  %idxprom44 = sext i32 %sub43 to i64
  %idxprom46 = zext nneg i32 %j.01 to i64
  %arrayidx47 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom44, i64 %idxprom46
  %7 = load double, ptr %arrayidx47, align 8
  %add48 = fadd double %add42, %7
  %sub49 = add nsw i32 %i.02, -1
  %idxprom50 = sext i32 %sub49 to i64
  %add52 = add nuw nsw i32 %j.01, 1
  %idxprom53 = zext nneg i32 %add52 to i64
  %arrayidx54 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom50, i64 %idxprom53
  %8 = load double, ptr %arrayidx54, align 8
  %add55 = fadd double %add48, %8
  %div = fdiv double %add55, 9.000000e+00
  %idxprom56 = zext nneg i32 %i.02 to i64
  %idxprom58 = zext nneg i32 %j.01 to i64
  %arrayidx59 = getelementptr inbounds [1024 x [1024 x double]], ptr @a, i64 0, i64 %idxprom56, i64 %idxprom58
  store double %div, ptr %arrayidx59, align 8
  %inc = add nuw nsw i32 %j.01, 1
  %cmp2 = icmp ult i32 %inc, 1023
  br i1 %cmp2, label %for.body3, label %for.inc60, !llvm.loop !6

for.inc60:                                        ; preds = %for.body3
  %inc61 = add nuw nsw i32 %i.02, 1
  %cmp = icmp ult i32 %inc61, 1023
  br i1 %cmp, label %for.cond1.preheader, label %for.end62, !llvm.loop !8

for.end62:                                        ; preds = %for.inc60
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
