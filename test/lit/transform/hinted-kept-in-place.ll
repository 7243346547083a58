; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' %s | llc -O2 -filetype=obj -o /dev/null
;
; An array declared in the loop (a VLA: an alloca in every iteration) is what
; CodeExtractor will not move to another function: the hinted version stays
; in @scaled_sums after its fit test, as an in-function copy, and no
; .outcore.hinted function is made. Debug info (-g) still verifies.
; CHECK-LABEL: define dso_local void @scaled_sums(
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8{{.*}}, !range [[LIMIT_RANGE:![0-9]+]]
; CHECK-NEXT:    %oc.fits = icmp ule i64 %{{.*}}, %oc.limit
; CHECK-NEXT:    br i1 %oc.fits, label %for.body.oc.ph.oc.orig, label %for.body.oc.ph, !prof
; CHECK:       for.body.oc.orig:
; CHECK:         %vla.oc.orig = alloca double, i64 %m
; CHECK:       for.body.oc.ph:
; CHECK:       for.body:
; CHECK:         %vla = alloca double, i64 %m
; CHECK:         call void @oc_prefetch_block(
; CHECK:         call void @oc_prefetch_release_block(
; CHECK:         call void @oc_release_block(
; CHECK:         ret void
; CHECK-NEXT:  }
; CHECK-NOT:   outcore.hinted
;
; void scaled_sums(long n, long m, const double *a, double *out) {
;   for (long i = 0; i < n; i++) {
;     double row[m];
;     for (long j = 0; j < m; j++)
;       row[j] = 2 * a[i * m + j];
;     out[i] = row[0] + row[m - 1];
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @scaled_sums(i64 noundef %n, i64 noundef %m, ptr noundef %a, ptr noundef %out) #0 !dbg !9 {
entry:
    #dbg_value(i64 %n, !18, !DIExpression(), !34)
    #dbg_value(i64 %m, !19, !DIExpression(), !34)
    #dbg_value(ptr %a, !20, !DIExpression(), !34)
    #dbg_value(ptr %out, !21, !DIExpression(), !34)
    #dbg_value(i64 0, !22, !DIExpression(), !35)
  %cmp3 = icmp slt i64 0, %n, !dbg !36
  br i1 %cmp3, label %for.body.lr.ph, label %for.end13, !dbg !37

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body, !dbg !37

for.body:                                         ; preds = %for.body.lr.ph, %for.end
  %i.04 = phi i64 [ 0, %for.body.lr.ph ], [ %inc12, %for.end ]
    #dbg_value(i64 %i.04, !22, !DIExpression(), !35)
  %0 = call ptr @llvm.stacksave.p0(), !dbg !38
  %vla = alloca double, i64 %m, align 16, !dbg !38
    #dbg_value(i64 %m, !24, !DIExpression(), !39)
    #dbg_declare(ptr %vla, !28, !DIExpression(), !40)
    #dbg_value(i64 0, !32, !DIExpression(), !41)
  %cmp21 = icmp slt i64 0, %m, !dbg !42
  br i1 %cmp21, label %for.body4.lr.ph, label %for.end, !dbg !44

for.body4.lr.ph:                                  ; preds = %for.body
  br label %for.body4, !dbg !44

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %j.02 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
    #dbg_value(i64 %j.02, !32, !DIExpression(), !41)
  %mul = mul nsw i64 %i.04, %m, !dbg !45
  %1 = getelementptr double, ptr %a, i64 %mul, !dbg !46
  %arrayidx = getelementptr double, ptr %1, i64 %j.02, !dbg !46
  %2 = load double, ptr %arrayidx, align 8, !dbg !46, !tbaa !47
  %mul5 = fmul double %2, 2.000000e+00, !dbg !51
  %arrayidx6 = getelementptr inbounds double, ptr %vla, i64 %j.02, !dbg !52
  store double %mul5, ptr %arrayidx6, align 8, !dbg !53, !tbaa !47
  %inc = add nuw nsw i64 %j.02, 1, !dbg !54
    #dbg_value(i64 %inc, !32, !DIExpression(), !41)
  %cmp2 = icmp slt i64 %inc, %m, !dbg !42
  br i1 %cmp2, label %for.body4, label %for.cond1.for.end_crit_edge, !dbg !44, !llvm.loop !55

for.cond1.for.end_crit_edge:                      ; preds = %for.body4
  br label %for.end, !dbg !44

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.body
  %3 = load double, ptr %vla, align 16, !dbg !59, !tbaa !47
  %4 = getelementptr double, ptr %vla, i64 %m, !dbg !60
  %arrayidx8 = getelementptr i8, ptr %4, i64 -8, !dbg !60
  %5 = load double, ptr %arrayidx8, align 8, !dbg !60, !tbaa !47
  %add9 = fadd double %3, %5, !dbg !61
  %arrayidx10 = getelementptr inbounds double, ptr %out, i64 %i.04, !dbg !62
  store double %add9, ptr %arrayidx10, align 8, !dbg !63, !tbaa !47
  call void @llvm.stackrestore.p0(ptr %0), !dbg !64
  %inc12 = add nuw nsw i64 %i.04, 1, !dbg !65
    #dbg_value(i64 %inc12, !22, !DIExpression(), !35)
  %cmp = icmp slt i64 %inc12, %n, !dbg !36
  br i1 %cmp, label %for.body, label %for.cond.for.end13_crit_edge, !dbg !37, !llvm.loop !66

for.cond.for.end13_crit_edge:                     ; preds = %for.end
  br label %for.end13, !dbg !37

for.end13:                                        ; preds = %for.cond.for.end13_crit_edge, %entry
  ret void, !dbg !68
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare ptr @llvm.stacksave.p0() #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.stackrestore.p0(ptr) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind willreturn }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "vla.c", directory: "/src", checksumkind: CSK_MD5, checksum: "5c0da108cf4a6cd12e7e839e1fc0a6ef")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!9 = distinct !DISubprogram(name: "scaled_sums", scope: !1, file: !1, line: 1, type: !10, scopeLine: 1, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!10 = !DISubroutineType(types: !11)
!11 = !{null, !12, !12, !13, !16}
!12 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !15)
!15 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!17 = !{!18, !19, !20, !21, !22, !24, !28, !32}
!18 = !DILocalVariable(name: "n", arg: 1, scope: !9, file: !1, line: 1, type: !12)
!19 = !DILocalVariable(name: "m", arg: 2, scope: !9, file: !1, line: 1, type: !12)
!20 = !DILocalVariable(name: "a", arg: 3, scope: !9, file: !1, line: 1, type: !13)
!21 = !DILocalVariable(name: "out", arg: 4, scope: !9, file: !1, line: 1, type: !16)
!22 = !DILocalVariable(name: "i", scope: !23, file: !1, line: 2, type: !12)
!23 = distinct !DILexicalBlock(scope: !9, file: !1, line: 2, column: 3)
!24 = !DILocalVariable(name: "__vla_expr0", scope: !25, type: !27, flags: DIFlagArtificial)
!25 = distinct !DILexicalBlock(scope: !26, file: !1, line: 2, column: 32)
!26 = distinct !DILexicalBlock(scope: !23, file: !1, line: 2, column: 3)
!27 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!28 = !DILocalVariable(name: "row", scope: !25, file: !1, line: 3, type: !29)
!29 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, elements: !30)
!30 = !{!31}
!31 = !DISubrange(count: !24)
!32 = !DILocalVariable(name: "j", scope: !33, file: !1, line: 4, type: !12)
!33 = distinct !DILexicalBlock(scope: !25, file: !1, line: 4, column: 5)
!34 = !DILocation(line: 0, scope: !9)
!35 = !DILocation(line: 0, scope: !23)
!36 = !DILocation(line: 2, column: 22, scope: !26)
!37 = !DILocation(line: 2, column: 3, scope: !23)
!38 = !DILocation(line: 3, column: 5, scope: !25)
!39 = !DILocation(line: 0, scope: !25)
!40 = !DILocation(line: 3, column: 12, scope: !25)
!41 = !DILocation(line: 0, scope: !33)
!42 = !DILocation(line: 4, column: 24, scope: !43)
!43 = distinct !DILexicalBlock(scope: !33, file: !1, line: 4, column: 5)
!44 = !DILocation(line: 4, column: 5, scope: !33)
!45 = !DILocation(line: 5, column: 24, scope: !43)
!46 = !DILocation(line: 5, column: 20, scope: !43)
!47 = !{!48, !48, i64 0}
!48 = !{!"double", !49, i64 0}
!49 = !{!"omnipotent char", !50, i64 0}
!50 = !{!"Simple C/C++ TBAA"}
!51 = !DILocation(line: 5, column: 18, scope: !43)
!52 = !DILocation(line: 5, column: 7, scope: !43)
!53 = !DILocation(line: 5, column: 14, scope: !43)
!54 = !DILocation(line: 4, column: 30, scope: !43)
!55 = distinct !{!55, !44, !56, !57, !58}
!56 = !DILocation(line: 5, column: 31, scope: !33)
!57 = !{!"llvm.loop.mustprogress"}
!58 = !{!"llvm.loop.unroll.disable"}
!59 = !DILocation(line: 6, column: 14, scope: !25)
!60 = !DILocation(line: 6, column: 23, scope: !25)
!61 = !DILocation(line: 6, column: 21, scope: !25)
!62 = !DILocation(line: 6, column: 5, scope: !25)
!63 = !DILocation(line: 6, column: 12, scope: !25)
!64 = !DILocation(line: 7, column: 3, scope: !26)
!65 = !DILocation(line: 2, column: 28, scope: !26)
!66 = distinct !{!66, !37, !67, !57, !58}
!67 = !DILocation(line: 7, column: 3, scope: !23)
!68 = !DILocation(line: 8, column: 1, scope: !9)
