; // TOCS 2001 Fig. 9: an indirect reference a[b[i]] with dense b[i] and c[i][j].
; int a[1000000];
; int b[1000000];
; int c[1000000][8];
; void fig9(void) {
;   for (int i = 0; i < 1000000; i++)
;     for (int j = 0; j < 8; j++)
;       a[b[i]] = a[b[i]] + c[i][j];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'fig9': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (ScalarEvolution), 2 loops, 5 references
; CHECK-NEXT:   loop i: depth 0, trip 1000000, 0 .. 999999, pages/iteration 19, localized
; CHECK-NEXT:   loop j: depth 1, trip 8, 0 .. 7, pages/iteration 5, localized
; CHECK-NEXT:   ref b[i] (read, 4 B elements)
; CHECK-NEXT:     temporal reuse space { [c0 = 0, c1] }, loops 1
; CHECK-NEXT:     spatial reuse space { [c0, c1] }, loops 0
; CHECK-NEXT:     localized 0,1; temporal locality 1; spatial locality 0
; CHECK-NEXT:     group 0 leader; prefetch when i mod 1024 = 0 and j = 0; release when false; priority 2; hints yes
; CHECK-NEXT:   ref a[b[...]] (read, 4 B elements)
; CHECK-NEXT:     indirect: prefetched always, never released
; CHECK-NEXT:     localized 0,1; temporal locality none; spatial locality none
; CHECK-NEXT:     group 1 single; prefetch when true; release when false; priority 0; hints yes
; CHECK-NEXT:   ref c[8*i + j] (read, 4 B elements)
; CHECK-NEXT:     temporal reuse space { [c0, c1 = -8c0] }, loops none
; CHECK-NEXT:     spatial reuse space { [c0, c1] }, loops 0,1
; CHECK-NEXT:     localized 0,1; temporal locality none; spatial locality 0,1
; CHECK-NEXT:     group 2 single; prefetch when i mod 128 = 0 and j mod 1024 = 0; release when i mod 128 = 127 and j mod 1024 = 1023; priority 0; hints yes
; CHECK-NEXT:   ref b[i] (read, 4 B elements)
; CHECK-NEXT:     temporal reuse space { [c0 = 0, c1] }, loops 1
; CHECK-NEXT:     spatial reuse space { [c0, c1] }, loops 0
; CHECK-NEXT:     localized 0,1; temporal locality 1; spatial locality 0
; CHECK-NEXT:     group 0 trailer; prefetch when false; release when i mod 1024 = 1023 and j = 7; priority 2; hints yes
; CHECK-NEXT:   ref a[b[...]] (write, 4 B elements)
; CHECK-NEXT:     indirect: prefetched always, never released
; CHECK-NEXT:     localized 0,1; temporal locality none; spatial locality none
; CHECK-NEXT:     group 3 single; prefetch when true; release when false; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [1000000 x i32] zeroinitializer, align 16
@b = dso_local global [1000000 x i32] zeroinitializer, align 16
@c = dso_local global [1000000 x [8 x i32]] zeroinitializer, align 16

define dso_local void @fig9() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc14
  %i.02 = phi i32 [ 0, %entry ], [ %inc15, %for.inc14 ]
  br label %for.body3

for.body3:                                        ; preds = %for.cond1.preheader, %for.body3
  %j.01 = phi i32 [ 0, %for.cond1.preheader ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %i.02 to i64
  %arrayidx = getelementptr inbounds [1000000 x i32], ptr @b, i64 0, i64 %idxprom
  %0 = load i32, ptr %arrayidx, align 4
  %idxprom4 = sext i32 %0 to i64
  %arrayidx5 = getelementptr inbounds [1000000 x i32], ptr @a, i64 0, i64 %idxprom4
  %1 = load i32, ptr %arrayidx5, align 4
  %idxprom6 = zext nneg i32 %i.02 to i64
  %idxprom8 = zext nneg i32 %j.01 to i64
  %arrayidx9 = getelementptr inbounds [1000000 x [8 x i32]], ptr @c, i64 0, i64 %idxprom6, i64 %idxprom8
  %2 = load i32, ptr %arrayidx9, align 4
  %add = add nsw i32 %1, %2
  %idxprom10 = zext nneg i32 %i.02 to i64
  %arrayidx11 = getelementptr inbounds [1000000 x i32], ptr @b, i64 0, i64 %idxprom10
  %3 = load i32, ptr %arrayidx11, align 4
  %idxprom12 = sext i32 %3 to i64
  %arrayidx13 = getelementptr inbounds [1000000 x i32], ptr @a, i64 0, i64 %idxprom12
  store i32 %add, ptr %arrayidx13, align 4
  %inc = add nuw nsw i32 %j.01, 1
  %cmp2 = icmp ult i32 %inc, 8
  br i1 %cmp2, label %for.body3, label %for.inc14, !llvm.loop !6

for.inc14:                                        ; preds = %for.body3
  %inc15 = add nuw nsw i32 %i.02, 1
  %cmp = icmp ult i32 %inc15, 1000000
  br i1 %cmp, label %for.cond1.preheader, label %for.end16, !llvm.loop !8

for.end16:                                        ; preds = %for.inc14
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
